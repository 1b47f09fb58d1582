import EmuTestSupport
import Dispatch
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `/__admin/faults`: the next matching requests fail or wait, as the test asked.
@Suite struct FaultTests {
    let emulator: TestServer
    let admin: TestClient
    let client: TestClient

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        client = emulator.inProcessClient()
    }

    @Test func aStatusFault_answersOnce_inLeanCloudsFormat() throws {
        let added = try admin.post("/__admin/faults", json: ["path": "/1.1/date", "status": 503])
        #expect(added.json?["id"] == "f1" && added.json?["times"] == 1)
        let failed = try client.get("/1.1/date")
        #expect(failed.status == 503)
        #expect(failed.text == #"{"code":503,"error":"Service Unavailable."}"#)
        #expect(try client.get("/1.1/date").status == 200)
    }

    @Test func codeAndMessage_orAWholeBody_andTheMethodAndPrefix_areHonoured() throws {
        _ = try admin.post("/__admin/faults", json: ["path": "/1.1/classes/*", "method": "post", "status": 429,
                                                     "code": 429, "error": "Too many requests.", "times": 2])
        _ = try admin.post("/__admin/faults", json: ["path": "/1.1/users/me", "status": 400, "body": ["oops": true]])
        #expect(try client.get("/1.1/classes/Post").status == 200)  // GET: not the method
        for _ in 0..<2 {
            let refused = try client.post("/1.1/classes/Post", json: ["a": 1])
            #expect(refused.status == 429)
            #expect(refused.text == #"{"code":429,"error":"Too many requests."}"#)
        }
        #expect(try client.post("/1.1/classes/Post", json: ["a": 1]).status == 201)
        #expect(try client.get("/1.1/users/me").text == #"{"oops":true}"#)
    }

    @Test func timesZero_lastsUntilRemoved() throws {
        let id = try #require(try admin.post("/__admin/faults", json: ["path": "/1.1/date", "status": 500, "times": 0]).json?["id"]?.stringValue)
        for _ in 0..<3 { #expect(try client.get("/1.1/date").status == 500) }
        #expect(try admin.get("/__admin/faults").json?["results"]?.arrayValue?.count == 1)
        #expect(try admin.delete("/__admin/faults/\(id)").json?["deleted"] == 1)
        #expect(try client.get("/1.1/date").status == 200)
    }

    @Test func aDelayOnly_holdsTheRealAnswerAtLeastThatLong() throws {
        _ = try admin.post("/__admin/faults", json: ["path": "/1.1/date", "delayMs": 80])
        let started = DispatchTime.now().uptimeNanoseconds
        let response = try client.get("/1.1/date")
        let elapsed = DispatchTime.now().uptimeNanoseconds - started
        #expect(response.status == 200 && response.json?["__type"] == "Date")
        #expect(elapsed >= 80_000_000)
    }

    @Test(arguments: [
        #"{}"#, #"{"path":"nope","status":500}"#, #"{"path":"/1.1/date"}"#, #"{"path":"/1.1/date","status":200}"#,
        #"{"path":"/1.1/date","status":500,"times":-1}"#, #"{"path":"/1.1/date","delayMs":60001}"#,
        #"{"path":"/__admin/reset","status":500}"#, #"{"path":"//__admin/reset","status":500}"#,
        #"{"path":"/__ADMIN/health","status":500}"#, #"{"path":"/1.1/date","status":500,"code":"x"}"#,
        #"{"path":"/1.1/date","status":500,"method":5}"#,
    ])
    func aMalformedFault_isRefused(body: String) throws {
        let response = try admin.send("POST", "/__admin/faults", body: Array(body.utf8), headers: ["Content-Type": "application/json"])
        #expect(response.status == 400)
        #expect(response.json?["code"] == 1)
        #expect(try client.get("/1.1/date").status == 200)
    }

    @Test func theAdminRoutes_neverFail_andNeedTheMasterKey() throws {
        _ = try admin.post("/__admin/faults", json: ["path": "/*", "status": 500, "times": 0])
        #expect(try client.get("/1.1/date").status == 500)
        #expect(try admin.get("/__admin/faults").status == 200)
        // Every spelling the router takes for /__admin is an admin route (AdminPath).
        #expect(try admin.get("//__admin/faults").status == 200)
        #expect(try client.get("/__admin/faults").status == 401)
        #expect(try admin.post("/__admin/reset").status == 200)
        #expect(try client.get("/1.1/date").status == 200)  // reset removed it
    }
}
