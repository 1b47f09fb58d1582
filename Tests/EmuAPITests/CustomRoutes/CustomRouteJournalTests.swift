import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// Custom routes in the request journal: the route that answered, and the near-miss report of
/// an unmatched request.
@Suite struct CustomRouteJournalTests {
    @Test func theAnsweringRoute_andTheNearMisses_areJournaled() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let device = emulator.inProcessClient(credentials: .none)
        _ = try admin.post("/__admin/routes", json: ["id": "ping", "request": ["method": "GET", "path": "/ping"], "response": ["json": ["ok": true]]])
        _ = try device.get("/ping")
        _ = try device.post("/ping")
        let answered = try admin.get("/__admin/requests?route=ping").json?["results"]?.arrayValue ?? []
        #expect(answered.count == 1 && answered.first?["path"] == "/ping" && answered.first?["status"] == 200)
        let unmatched = try #require(try admin.get("/__admin/requests?unmatched=1").json?["results"]?[0])
        #expect(unmatched["method"] == "POST" && unmatched["status"] == 404)
        #expect(unmatched["nearMisses"]?[0]?["route"] == "ping")
        #expect(unmatched["nearMisses"]?[0]?["differences"] == ["method: expected GET, got POST"])
    }
}
