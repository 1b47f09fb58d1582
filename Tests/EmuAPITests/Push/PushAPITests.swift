import EmuTestSupport
import EmuAPI
import LCWire
import Testing

/// `POST /1.1/push`: targets, platform data, schedule, expiry, and the outbox's account of each
/// push (docs/push.md).
@Suite struct PushAPITests {
    let emulator: TestServer
    let client: TestClient

    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
    }

    private var master: TestClient { emulator.inProcessClient(credentials: .masterKey) }

    @discardableResult
    private func install(_ body: JSON) throws -> String {
        try #require(try client.post("/1.1/installations", json: body).json?["objectId"]?.stringValue)
    }

    /// The pushes of the outbox, newest first (each `push` account).
    private func pushes() throws -> [JSON] {
        (try master.get("/__admin/outbox?kind=push").json?["results"]?.arrayValue ?? []).compactMap { $0["push"] }
    }

    private func outboxPushes() throws -> [JSON] {
        try master.get("/__admin/outbox?kind=push").json?["results"]?.arrayValue ?? []
    }

    @Test func channelPush_reachesTheSubscribers_andSaysWhy() throws {
        let news = try install(["deviceType": "android", "installationId": "a1", "channels": ["news", "sports"]])
        try install(["deviceType": "android", "installationId": "a2", "channels": ["weather"]])
        let sent = try client.post("/1.1/push", json: ["channels": ["news"], "data": ["alert": "Hello"]])
        #expect(sent.status == 200)
        let id = try #require(sent.json?["objectId"]?.stringValue)
        #expect(sent.json?["createdAt"]?.stringValue != nil)
        let message = try #require(try outboxPushes().first)
        #expect(message["to"] == .string(id))
        #expect(message["text"] == "Hello")
        #expect(message["purpose"] == "push")
        let account = try #require(message["push"])
        #expect(account["status"] == "sent")
        let deliveries = account["deliveries"]?.arrayValue ?? []
        #expect(deliveries.count == 1)
        #expect(deliveries.first?["installation"] == .string(news))
        #expect(deliveries.first?["reasons"] == [#"channel "news""#])
        #expect(deliveries.first?["data"] == ["alert": "Hello"])
        let notification = try client.get("/1.1/tables/Notifications/\(id)").json
        #expect(notification?["status"] == "done")
        #expect(notification?["devices"] == 1)
        #expect(notification?["prod"] == "prod")
    }

    @Test func wherePush_choosesEachPlatformsData_andCountsTheBadge() throws {
        let phone = try install(["deviceType": "ios", "deviceToken": "token-1", "badge": 4, "owner": "ann"])
        try install(["deviceType": "android", "installationId": "a1", "owner": "ann"])
        try install(["deviceType": "wp", "installationId": "w1", "owner": "ann"])
        try install(["deviceType": "ios", "deviceToken": "token-2", "owner": "bob"])
        let data: JSON = ["ios": ["alert": "Hi", "badge": "Increment", "sound": "default"], "android": ["alert": "Hi", "title": "App"]]
        let sent = try client.post("/1.1/push", json: ["where": ["owner": "ann"], "data": data, "prod": "dev"])
        #expect(sent.status == 200)
        let account = try #require(try pushes().first)
        let deliveries = account["deliveries"]?.arrayValue ?? []
        #expect(deliveries.map { $0["deviceType"] } == ["ios", "android"])
        #expect(deliveries[0]["data"] == ["alert": "Hi", "badge": 5, "sound": "default"])
        #expect(deliveries[0]["prod"] == "dev" && deliveries[1]["prod"] == nil)
        #expect(deliveries[0]["dataFrom"] == "data.ios")
        #expect(deliveries[1]["data"] == ["alert": "Hi", "title": "App"])
        #expect(deliveries.allSatisfy { $0["reasons"] == ["where"] })
        #expect(account["skipped"]?.arrayValue?.map { $0["deviceType"] } == ["wp"])
        #expect(try client.get("/1.1/installations/\(phone)").json?["badge"] == 5)
    }

    @Test func noTarget_reachesEveryInstallation_andCQLSelects() throws {
        try install(["deviceType": "android", "installationId": "a1"])
        try install(["deviceType": "ios", "deviceToken": "t1"])
        #expect(try client.post("/1.1/push", json: ["data": ["alert": "all"]]).status == 200)
        #expect(try pushes().first?["deliveries"]?.arrayValue?.first?["reasons"] == ["every installation"])
        #expect(try pushes().first?["deliveries"]?.arrayValue?.count == 2)
        let cql = "select * from _Installation where deviceType = 'ios'"
        #expect(try client.post("/1.1/push", json: ["cql": .string(cql), "data": ["alert": "ios"]]).status == 200)
        #expect(try pushes().first?["deliveries"]?.arrayValue?.map { $0["deviceToken"] } == ["t1"])
    }

    @Test func scheduledPush_firesWhenTheClockPassesItsTime() throws {
        try install(["deviceType": "android", "installationId": "a1"])
        let now = try #require(try master.get("/__admin/clock").json?["nowMs"]?.int64Value)
        let inAnHour = LCDate(millisecondsSince1970: now + 3_600_000).iso
        let id = try #require(try client.post("/1.1/push", json: [
            "data": ["alert": "later"], "push_time": .string(inAnHour), "expiration_interval": 7200,
        ]).json?["objectId"]?.stringValue)
        #expect(try pushes().map { $0["status"] } == ["scheduled"])
        #expect(try client.get("/1.1/tables/Notifications/\(id)").json?["status"] == "scheduled")
        #expect(try master.post("/__admin/clock", json: ["advance": "59m"]).status == 200)
        #expect(try pushes().count == 1)
        #expect(try master.post("/__admin/clock", json: ["advance": "2m"]).status == 200)
        #expect(try pushes().map { $0["status"] } == ["sent", "scheduled"])
        #expect(try client.get("/1.1/tables/Notifications/\(id)").json?["status"] == "done")
    }

    /// `lcemu import` carries `_Notification` objects, not the schedule: a scheduled one that
    /// arrives as an object alone still fires when its time comes.
    @Test func aScheduledNotification_writtenAsAnObjectAlone_stillFiresOnTime() throws {
        try install(["deviceType": "android", "installationId": "a1"])
        let now = try #require(try master.get("/__admin/clock").json?["nowMs"]?.int64Value)
        let id = try #require(try master.post("/1.1/classes/_Notification", json: [
            "data": ["alert": "imported"], "prod": "prod", "status": "scheduled", "devices": 0,
            "push_time": .string(LCDate(millisecondsSince1970: now + 3_600_000).iso),
        ]).json?["objectId"]?.stringValue)
        #expect(try pushes().isEmpty)
        #expect(try master.post("/__admin/clock", json: ["advance": "59m"]).status == 200)
        #expect(try pushes().isEmpty)
        #expect(try master.post("/__admin/clock", json: ["advance": "2m"]).status == 200)
        #expect(try pushes().map { $0["status"] } == ["sent"])
        #expect(try client.get("/1.1/tables/Notifications/\(id)").json?["status"] == "done")
    }

    @Test func pushDueAfterItExpired_isRecordedExpired_andReachesNoOne() throws {
        try install(["deviceType": "android", "installationId": "a1"])
        let now = try #require(try master.get("/__admin/clock").json?["nowMs"]?.int64Value)
        let id = try #require(try client.post("/1.1/push", json: [
            "data": ["alert": "late"], "push_time": .string(LCDate(millisecondsSince1970: now + 60_000).iso),
            "expiration_time": .string(LCDate(millisecondsSince1970: now + 30_000).iso),
        ]).json?["objectId"]?.stringValue)
        #expect(try master.post("/__admin/clock", json: ["advance": "2m"]).status == 200)
        let account = try #require(try pushes().first)
        #expect(account["status"] == "expired")
        #expect(account["deliveries"] == [])
        #expect(try client.get("/1.1/tables/Notifications/\(id)").json?["status"] == "expired")
    }

    @Test func reset_dropsScheduledPushes_andNotifications() throws {
        let now = try #require(try master.get("/__admin/clock").json?["nowMs"]?.int64Value)
        #expect(try client.post("/1.1/push", json: [
            "data": ["alert": "x"], "push_time": .string(LCDate(millisecondsSince1970: now + 60_000).iso),
        ]).status == 200)
        #expect(try master.post("/__admin/reset").status == 200)
        #expect(try master.post("/__admin/clock", json: ["advance": "2m"]).status == 200)
        #expect(try pushes().isEmpty)
        #expect(try client.get("/1.1/tables/Notifications").json?["results"] == [])
    }

    @Test func notifications_areQueryable() throws {
        #expect(try client.post("/1.1/push", json: ["data": ["alert": "one"], "channels": ["a"]]).status == 200)
        #expect(try client.post("/1.1/push", json: ["data": ["alert": "two"], "notification_id": "batch7"]).status == 200)
        let results = try client.get("/1.1/tables/Notifications?order=-createdAt&count=1").json
        #expect(results?["count"] == 2)
        #expect(results?["results"]?[0]?["notification_id"] == "batch7")
        #expect(results?["results"]?[1]?["channels"] == ["a"])
        let missing = try client.get("/1.1/tables/Notifications/0123456789abcdef01234567")
        #expect(missing.status == 404 && missing.json?["code"] == 101)
    }

    @Test func badPushes_areRefused() throws {
        let cases: [(JSON, Int)] = [
            ([:], 1),
            (["data": "hello"], 1),
            (["data": ["alert": "x"], "channels": ["a b"]], 112),
            (["data": ["alert": "x"], "channels": "news"], 1),
            (["data": ["alert": "x"], "expiration_time": "2030-01-01T00:00:00.000Z", "expiration_interval": 60], 1),
            (["data": ["alert": "x"], "expiration_interval": -1], 1),
            (["data": ["alert": "x"], "prod": "staging"], 1),
            (["data": ["alert": "x"], "push_time": "tomorrow"], 1),
            (["data": ["alert": "x"], "where": ["deviceType": ["$bogus": 1]]], 1),
            (["data": ["alert": "x"], "cql": "select * from Post"], 1),
            (["data": ["alert": "x"], "where": [:], "cql": "select * from _Installation"], 1),
            (["data": ["alert": "x"], "notification_id": "has space"], 1),
        ]
        for (body, code) in cases {
            let response = try client.post("/1.1/push", json: body)
            #expect(response.status == 400, "\(body)")
            #expect(response.json?["code"] == JSON(code), "\(body)")
        }
        #expect(try client.get("/1.1/tables/Notifications").json?["results"] == [])
        #expect(try pushes().isEmpty)
    }

    /// A scheduled push whose query fails when it fires (here a `$regex` that backtracks past its
    /// budget on an installation saved later) is marked failed; the outbox and the other pushes go on.
    @Test func aPushThatCannotFire_isMarkedFailed_andBlocksNothing() throws {
        let now = try #require(try master.get("/__admin/clock").json?["nowMs"]?.int64Value)
        let later = JSON.string(LCDate(millisecondsSince1970: now + 60_000).iso)
        let evil: JSON = ["where": ["name": ["$regex": "^(a+)+$"]], "data": ["alert": "evil"], "push_time": later]
        let id = try #require(try client.post("/1.1/push", json: evil).json?["objectId"]?.stringValue)
        #expect(try client.post("/1.1/push", json: ["data": ["alert": "all"], "push_time": later]).status == 200)
        try install(["deviceType": "android", "installationId": "a1", "name": .string(String(repeating: "a", count: 40) + "!")])
        #expect(try master.post("/__admin/clock", json: ["advance": "2m"]).status == 200)
        let statuses = try pushes().map { $0["status"]?.stringValue ?? "" }
        #expect(statuses.sorted() == ["failed", "scheduled", "scheduled", "sent"])
        #expect(try client.get("/1.1/tables/Notifications/\(id)").json?["status"] == "failed")
    }

    /// Targeting reads the installations a page of 1000 at a time, to the last page.
    @Test func aPush_reachesEveryInstallation_pastOneQueryPage() throws {
        for batch in 0..<25 {
            let requests: [JSON] = (0..<100).map { index in
                ["method": "POST", "path": "/1.1/installations",
                 "body": ["deviceType": "android", "installationId": .string("device-\(batch)-\(index)"), "channels": ["all"]]]
            }
            #expect(try client.post("/1.1/batch", json: ["requests": .array(requests)]).status == 200)
        }
        #expect(try client.post("/1.1/push", json: ["channels": ["all"], "data": ["alert": "everyone"]]).status == 200)
        let deliveries = try #require(try pushes().first?["deliveries"]?.arrayValue)
        #expect(deliveries.count == 2500)
        #expect(Set(deliveries.compactMap { $0["installationId"]?.stringValue }).count == 2500)
    }
}
