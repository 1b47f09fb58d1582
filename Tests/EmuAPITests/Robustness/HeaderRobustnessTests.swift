import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// Garbage in the headers that authenticate and shape a request (keys, signatures, sessions,
/// Bearer and Basic credentials, cookies, the text/plain method-override envelope) on every
/// route. None may crash or answer 500.
@Suite struct HeaderRobustnessTests {
    static func headerSets(appId: String) -> [(name: String, headers: HTTPHeaders)] {
        let junk = ["", " ", "\u{7F}", "é", String(repeating: "k", count: 4000), "a,master", ",master", "x,y,z", "%00"]
        var sets: [(String, HTTPHeaders)] = []
        for value in junk {
            sets.append(("id \(value.prefix(8))", ["X-LC-Id": value, "X-LC-Key": value]))
            sets.append(("sign \(value.prefix(8))", ["X-LC-Id": appId, "X-LC-Sign": value]))
            sets.append(("session \(value.prefix(8))", ["X-LC-Session": value]))
            sets.append(("auth \(value.prefix(8))", ["Authorization": value]))
        }
        sets += [
            ("sign parts", ["X-LC-Id": appId, "X-LC-Sign": "abc,99999999999999999999999,master"]),
            ("sign negative", ["X-LC-Id": appId, "X-LC-Sign": "abc,-1"]),
            ("sign float", ["X-LC-Id": appId, "X-LC-Sign": "abc,1e30,master"]),
            ("bearer junk", ["Authorization": "Bearer \u{1}\u{2}"]), ("bearer empty", ["Authorization": "Bearer "]),
            ("basic junk", ["Authorization": "Basic !!!"]), ("basic no colon", ["Authorization": "Basic YWJj"]),
            ("basic invalid utf8", ["Authorization": "Basic //79"]), ("basic empty", ["Authorization": "Basic"]),
            ("cookie junk", ["Cookie": "sid=; sid=\"; =;;; XSRF-TOKEN=%FF", "X-XSRF-TOKEN": "\u{7F}"]),
            ("cookie huge", ["Cookie": "sid=" + String(repeating: "s", count: 5000)]),
            ("prod junk", ["X-LC-Prod": "maybe", "X-LC-Id": appId, "X-LC-Key": "k"]),
            ("content type odd", ["Content-Type": "application/json; charset=latin1; boundary"]),
            ("host junk", ["Host": "\u{7F}:99999999", "X-Forwarded-Proto": "gopher"]),
        ]
        return sets
    }

    static let envelopes = [
        #"{"_method":5}"#, #"{"_method":"","_ApplicationId":1}"#, #"{"_method":"BREW","_ApplicationId":"x"}"#,
        #"{"_method":"GET","_ApplicationId":["a"],"_ApplicationKey":{},"_MasterKey":5,"_SessionToken":null}"#,
        #"{"_method":"PUT","_ApplicationId":"x","_ApplicationKey":"y","where":"z","title":{"__op":"?"}}"#,
        #"{"_ApplicationId":"x","_ClientVersion":1,"_InstallationId":[],"_RequestSign":7}"#, "not json", "",
    ]

    @Test func junkHeaders_neverGet500() throws {
        let fixture = try RobustnessFixture()
        let bare = fixture.emulator.inProcessClient(credentials: .none)
        for sample in RouteSample.all {
            let target = sample.target(appId: fixture.appId, value: RouteSample.ordinary)
            for (name, headers) in sample.inputs(Self.headerSets(appId: fixture.appId), few: 4) {
                let body: [UInt8] = sample.method == "GET" ? [] : Array(#"{"title":"x"}"#.utf8)
                let response = try bare.send(sample.method, target, body: body, headers: headers)
                ResponseShape.check(response, sample, "headers \(name)")
            }
        }
        #expect(try fixture.stillAnswers())
    }

    @Test func junkMethodOverrideEnvelopes_neverGet500() throws {
        let fixture = try RobustnessFixture()
        let bare = fixture.emulator.inProcessClient(credentials: .none)
        for sample in RouteSample.all where !sample.drawsImage {
            let target = sample.target(appId: fixture.appId, value: RouteSample.ordinary)
            for envelope in Self.envelopes {
                let response = try bare.send("POST", target, body: Array(envelope.utf8), headers: ["Content-Type": "text/plain"])
                ResponseShape.check(response, RouteSample(method: "POST", pattern: sample.pattern), "envelope \(envelope)")
            }
        }
        #expect(try fixture.stillAnswers())
    }
}
