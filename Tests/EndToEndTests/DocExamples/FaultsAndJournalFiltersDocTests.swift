import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// docs/testing.md's faults on custom routes and journal filters, verbatim, driven over a socket
/// as the app's own code would send its requests.
enum FaultsAndJournalFiltersDocExample {
    struct FaultsOnCustomRoutesTests {
        static func merchant(_ emulator: Emulator) -> TestClient {
            TestClient(transport: .live(host: "127.0.0.1", port: emulator.port), app: emulator.server.configuration.apps[0],
                       credentials: .none)
        }

        @Test func aCustomRoutesOutage_andABusinessError() async throws {
            let emulator = try await Emulator.start()
            try await emulator.routes.add(["id": "summary", "request": ["method": "GET", "path": "/merchant/feedback/summary"],
                                           "response": ["json": ["code": "0", "data": ["unread": 1]]]])
            try await emulator.routes.add(["id": "reply", "request": ["method": "POST", "path": "/merchant/feedback/:id/reply"],
                                           "response": ["json": ["code": "0", "msg": "成功"]]])
            try await emulator.injectFault(path: "/merchant/feedback/summary", status: 503)    // a custom route's outage
            try await emulator.injectBusinessError(path: "/merchant/feedback/:id/reply", method: "POST",
                                                   body: ["code": "1", "msg": "失败"])           // 200, the app's own error
            let device = Self.merchant(emulator)
            #expect(try device.get("/merchant/feedback/summary").status == 503)
            #expect(try device.get("/merchant/feedback/summary").json?["code"] == "0")
            let failed = try device.post("/merchant/feedback/42/reply")
            #expect(failed.status == 200 && failed.json == ["code": "1", "msg": "失败"])
            #expect(try device.post("/merchant/feedback/42/reply").json?["msg"] == "成功")
        }

        @Test func aPattern_isSentAsTheJournalsFilters() async throws {
            let emulator = try await Emulator.start()
            try await emulator.routes.add(["id": "login", "request": ["method": "POST", "path": "/app/login"],
                                           "response": ["json": ["code": "0"]]])
            let device = Self.merchant(emulator)
            for (uuid, username) in [("device-1", "13812345678"), ("device-2", "13812345678"), ("device-1", "13900000000")] {
                _ = try device.send("POST", "/app/login?tick=1", body: Array("tick=1&username=\(username)".utf8),
                                    headers: ["Content-Type": "application/x-www-form-urlencoded", "uuid": uuid])
            }
            try await emulator.journal.verify(.init(method: "POST", path: "/app/login", headers: ["uuid": "device-1"],
                                                    body: ["username": "13812345678"]), times: .once)
            #expect(try await emulator.journal.count(.init(query: ["tick": "1"], headers: ["UUID": "device-1"])) == 2)
            #expect(try await emulator.journal.count(.init(body: ["tick": 1])) == 3)  // the form's "1", loosely
            // A secret is masked in the journal: a pattern on it is refused, never silently empty.
            await #expect(throws: (any Error).self) {
                try await emulator.journal.verify(.init(body: ["password": "x"]), times: .never)
            }
        }
    }
}
