import EmuTestSupport
import EmuAPI
import Foundation
import LCWire
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real binary on a file database: devices register, a push reaches them at once, and a
/// scheduled push outlives a restart (its schedule is in the database, the outbox is not) and
/// fires when the clock passes its time.
@Suite struct PushEndToEndTests {
    @Test func aScheduledPush_survivesARestart_andFiresWhenTheClockPassesIt() async throws {
        let directory = try TemporaryDirectory()
        let arguments = ["--data", directory.path("data"), "--no-seed"]
        var server = try await TestServer.startAsync(.binary, arguments: arguments)
        let client = server.client()
        let token = "abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789"
        #expect(try client.post("/1.1/installations", json: ["deviceType": "ios", "deviceToken": .string(token),
                                                              "channels": ["news"]]).status == 201)
        #expect(try client.post("/1.1/push", json: ["channels": ["news"], "data": ["alert": "now"]]).status == 200)
        let sent = try server.client(credentials: .masterKey).get("/__admin/outbox?kind=push").json?["results"]?[0]
        #expect(sent?["push"]?["deliveries"]?[0]?["deviceToken"] == .string(token))

        let inAnHour = LCDate(millisecondsSince1970: LCDate(Date()).millisecondsSince1970 + 3_600_000).iso
        let scheduled = try client.post("/1.1/push", json: ["channels": ["news"], "data": ["alert": "later"],
                                                             "push_time": .string(inAnHour)])
        let id = try #require(scheduled.json?["objectId"]?.stringValue)
        server.signal(SIGTERM)
        #expect(server.waitForExit(timeout: 10) == .exited(0))

        server = try await TestServer.startAsync(.binary, arguments: arguments)
        let admin = server.client(credentials: .masterKey)
        #expect(try admin.get("/__admin/outbox?kind=push").json?["results"] == [])
        #expect(try server.client().get("/1.1/tables/Notifications/\(id)").json?["status"] == "scheduled")
        #expect(try admin.post("/__admin/clock", json: ["advance": "61m"]).status == 200)
        let fired = try admin.get("/__admin/outbox?kind=push").json?["results"]?[0]
        #expect(fired?["text"] == "later" && fired?["push"]?["status"] == "sent")
        #expect(fired?["push"]?["deliveries"]?.arrayValue?.count == 1)
        #expect(try server.client().get("/1.1/tables/Notifications/\(id)").json?["status"] == "done")
    }
}
