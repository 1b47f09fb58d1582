@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
import EmuTesting
@testable import EmuTools
import Foundation
import LCWire
import Testing

/// "Bad input never crashes the server and never gets a 500; every rejection uses the API's
/// error format" — checked against every route the router knows, with every kind of caller.
@Suite struct RouteRobustnessTests {
    @Test func table_coversEveryRegisteredRoute_andOnlyThose() {
        let known = Routes.make().routes.map { "\($0.method) \($0.pattern)" }
        #expect(RouteSample.all.map(\.description) == known)
        #expect(known.count >= 60)
        #expect(known.contains("GET /1.1/classes/:className/:objectId"))
        #expect(known.contains("GET /__files/:appId/*key"))
    }

    @Test func badBodies_neverGet500_andRejectionsUseTheFamilyFormat() throws {
        let fixture = try RobustnessFixture()
        for sample in RouteSample.all {
            let target = sample.target(appId: fixture.appId, value: RouteSample.ordinary)
            for (name, client) in fixture.clients {
                let forms = sample.family == .api || sample.family == .admin ? [] : BadInput.formBodies
                // App key alone and no credentials stop early on most routes: a few bodies suffice.
                let deep = (name == "masterKey" || name == "session") && sample.method != "GET" && !sample.drawsImage
                for body in deep ? BadInput.bodies + forms : Array(BadInput.bodies.prefix(6)) + forms {
                    let response = try fixture.send(client, sample, target, body: body.bytes)
                    ResponseShape.check(response, sample, "\(name), body \(body)")
                    // Malformed JSON or a non-object is always 107 (or an earlier auth refusal).
                    if body.isInvalidJSON && sample.readsJSONBody {
                        #expect(!(200..<300).contains(response.status), "accepted \(body) on \(sample) as \(name)")
                    }
                }
            }
        }
        #expect(try fixture.stillAnswers())
    }

    @Test func wrongFieldTypes_neverGet500() throws {
        let fixture = try RobustnessFixture()
        for sample in RouteSample.all where sample.method != "GET" {
            let target = sample.target(appId: fixture.appId, value: RouteSample.ordinary)
            // Master key and session take turns, so each value reaches each route once.
            for (index, wrong) in BadInput.wrongValues.enumerated() {
                let (name, client) = fixture.deepClients[(index + sample.pattern.count) % 2]
                let response = try fixture.send(client, sample, target, body: BadInput.wrongFields(wrong.value).bytes)
                ResponseShape.check(response, sample, "\(name), every field \(wrong.name)")
            }
        }
        #expect(try fixture.stillAnswers())
    }

    @Test func hugeFields_neverGet500() throws {
        let fixture = try RobustnessFixture()
        for sample in RouteSample.all where sample.readsJSONBody {
            let target = sample.target(appId: fixture.appId, value: RouteSample.ordinary)
            for field in BadInput.hugeFieldNames {
                let body = JSON.object([field: BadInput.hugeString]).serialized()
                let response = try fixture.send(fixture.clients[1].client, sample, target, body: body)
                ResponseShape.check(response, sample, "master, huge \(field)")
            }
        }
        #expect(try fixture.stillAnswers())
    }

    @Test func junkCaptures_neverGet500() throws {
        let fixture = try RobustnessFixture()
        // Over the socket, so percent-decoding is the HTTP parser's.
        let clients = [fixture.emulator.client(credentials: .masterKey), fixture.emulator.client()]
        for sample in RouteSample.all where sample.pattern.contains(":") || sample.pattern.contains("*") {
            for junk in BadInput.captures {
                let target = sample.target(appId: fixture.appId) { _ in junk }
                let appJunk = sample.target(appId: junk, value: RouteSample.ordinary)
                // A class name that is not one (spec §2.1: a letter, then letters, digits, `_`) is an error.
                let badClass = sample.pattern.contains(":className") && !LCNames.isValidClassName(junk.removingPercentEncoding ?? junk)
                for client in clients {
                    let response = try fixture.send(client, sample, target, body: [])
                    ResponseShape.check(response, sample, "capture \(junk)")
                    if badClass { #expect(!(200..<300).contains(response.status), "accepted class \(junk) on \(sample)") }
                    ResponseShape.check(try fixture.send(client, sample, appJunk, body: []), sample, "app \(junk)")
                }
            }
        }
        #expect(try fixture.stillAnswers())
    }

    @Test func junkQueryStrings_neverGet500() throws {
        let fixture = try RobustnessFixture()
        for sample in RouteSample.all {
            let path = sample.target(appId: fixture.appId, value: RouteSample.ordinary)
            // Queries matter most to reads; writes and the rest get them with the master key.
            let callers = sample.method == "GET" ? fixture.deepClients : [fixture.clients[1]]
            for (name, client) in callers {
                for query in sample.inputs(BadInput.queries) {
                    let response = try fixture.send(client, sample, path + "?" + query, body: [])
                    ResponseShape.check(response, sample, "\(name), ?\(query.prefix(80))")
                    if sample.isQuery && BadInput.invalidWheres.contains(query) {
                        #expect(!(200..<300).contains(response.status), "accepted ?\(query) on \(sample)")
                    }
                }
            }
        }
        #expect(try fixture.stillAnswers())
    }

    @Test func garbageSessionTokens_neverGet500() throws {
        let fixture = try RobustnessFixture()
        for sample in RouteSample.all {
            let target = sample.target(appId: fixture.appId, value: RouteSample.ordinary)
            for token in ["garbage", "r:" + String(repeating: "z", count: 5000), "\u{7F}\u{1}", "ünïcødé"] {
                var client = fixture.emulator.inProcessClient()
                client.sessionToken = token
                ResponseShape.check(try fixture.send(client, sample, target, body: []), sample, "session \(token.prefix(10))")
            }
        }
        #expect(try fixture.stillAnswers())
    }
}
