import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// Actions whose target is a `resource` work in that resource's shape: its id field (integers),
/// its wire names mapped to the store's, its field types and date formats — so a route and a
/// resource of one class answer alike (docs/custom-backends.md "Routes that change data").
@Suite struct ResourceActionTargetTests {
    /// The merchant-feedback draft's routes over three feedback items with integer ids.
    static func merchant() throws -> (TestServer, TestClient, TestClient) {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let routes = try ResourceAuthTests.exampleRoutes("merchant-feedback/routes/01-feedback.json")
        for id in ["feedback-summary", "feedback-reply", "feedback-reply-empty", "feedback"] {
            #expect(try admin.post("/__admin/routes", json: routes[id]).status == 201)
        }
        for id in 1...3 {
            let item: JSON = ["id": JSON(id), "content": .string("feedback \(id)"), "readStatus": 0, "replyStatus": 0, "type": 1]
            #expect(try admin.post("/1.1/classes/Feedback", json: item).status == 201)
        }
        return (emulator, admin, emulator.inProcessClient(credentials: .none))
    }

    static func reply(_ device: TestClient, _ id: String, _ content: String) throws -> TestClient.Response {
        try device.send("POST", "/merchant/feedback/\(id)/reply", body: ResourceAuthTests.form([("content", content), ("tick", "17")]),
                        headers: ["uuid": "device-1", "Content-Type": "application/x-www-form-urlencoded"])
    }

    @Test func aReply_updatesFeedbackByItsIntegerId_andAnswersInTheResourcesShape() throws {
        let (server, admin, device) = try Self.merchant()
        // The clients reach the server in process: it must outlive them.
        defer { withExtendedLifetime(server) {} }
        let before = try device.get("/merchant/feedback/summary", headers: ["uuid": "device-1"])
        #expect(before.json?["data"] == ["unread": 3, "unreplied": 3, "total": 3])

        let replied = try Self.reply(device, "2", "thanks")
        #expect(replied.status == 200, "\(replied.text)")
        let data = try #require(replied.json?["data"]?.objectValue)
        #expect(data["id"] == 2)
        #expect(data["replyStatus"] == 1)
        #expect(data["readStatus"] == 1)
        #expect(data["reply"] == "thanks")
        // The resource's fields only, its date format: no objectId, createTime as the app reads it.
        #expect(data["objectId"] == nil)
        let createTime = try #require(data["createTime"]?.stringValue)
        #expect(createTime.count == "yyyy-MM-dd HH:mm:ss".count && !createTime.contains("T"))

        let after = try device.get("/merchant/feedback/summary", headers: ["uuid": "device-1"])
        #expect(after.json?["data"] == ["unread": 2, "unreplied": 2, "total": 3])
        // The resource reads what the action wrote.
        #expect(try device.get("/merchant/feedback/2").json?["data"]?["replyStatus"] == 1)
        // The store holds the item under its own names, the integer id untouched.
        let stored = try admin.get("/1.1/classes/Feedback?where=%7B%22id%22%3A2%7D").json?["results"]?[0]
        #expect(stored?["id"] == 2 && stored?["reply"] == "thanks")
    }

    @Test func anIdThatNamesNoItem_isTheRoutesNotFound_andNothingIsWritten() throws {
        let (server, admin, device) = try Self.merchant()
        // The clients reach the server in process: it must outlive them.
        defer { withExtendedLifetime(server) {} }
        for id in ["9", "abc", "1.5"] {
            let missing = try Self.reply(device, id, "x")
            #expect(missing.status == 404)
            #expect(missing.json == ["code": "1", "msg": "失败"])
        }
        #expect(try admin.get("/1.1/classes/Feedback?where=%7B%22replyStatus%22%3A1%7D&count=1&limit=0").json?["count"] == 0)
    }

    @Test func wireNames_typesAndDates_mapToTheStore() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let resource: JSON = [
            "id": "tasks", "resource": [
                "path": "/tasks", "class": "Task",
                "id": ["field": "task_id", "type": "integer", "auto": true],
                "fields": ["task_id": ["type": "integer", "store": "taskId"], "owner_name": ["type": "string", "store": "owner"],
                           "points": "integer", "due": ["type": "date", "format": "yyyy-MM-dd HH:mm:ss", "timeZone": "+08:00"]],
            ],
        ]
        #expect(try admin.post("/__admin/routes", json: resource).status == 201)
        let route: JSON = [
            "id": "plan", "request": ["method": "POST", "path": "/plan/:owner"],
            "actions": [
                ["name": "made", "create": ["resource": "tasks", "fields": ["owner_name": "{{request.path.owner}}",
                                                                          "points": "{{request.body.points}}",
                                                                          "due": "2026-01-02 08:00:00"]]],
                ["name": "bumped", "update": ["resource": "tasks", "id": "{{actions.made.task_id}}", "increment": ["points": 1]]],
                ["name": "mine", "count": ["resource": "tasks", "where": ["owner_name": "{{request.path.owner}}"]]],
                ["name": "total", "sum": ["resource": "tasks", "field": "points", "where": ["owner_name": "{{request.path.owner}}"]]],
                ["name": "latest", "find": ["resource": "tasks", "where": ["owner_name": "{{request.path.owner}}"], "order": "-task_id"]],
            ],
            "response": ["json": ["made": "{{actions.made}}", "bumped": "{{actions.bumped}}", "mine": "{{actions.mine}}",
                                  "total": "{{actions.total}}", "latest": "{{actions.latest.task_id}}"]],
        ]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        let device = emulator.inProcessClient(credentials: .none)
        let first = try device.send("POST", "/plan/ann", body: ResourceAuthTests.form([("points", "2")]),
                                    headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(first.status == 200, "\(first.text)")
        // An auto id, form text as an integer, the date in its format both ways.
        #expect(first.json?["made"] == ["task_id": 1, "owner_name": "ann", "points": 2, "due": "2026-01-02 08:00:00"])
        #expect(first.json?["bumped"]?["points"] == 3)
        #expect(first.json?["mine"] == 1 && first.json?["total"] == 3 && first.json?["latest"] == 1)
        let second = try device.send("POST", "/plan/ann", body: ResourceAuthTests.form([("points", "1")]),
                                     headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(second.json?["mine"] == 2 && second.json?["total"] == 5 && second.json?["latest"] == 2)
        // Stored under the store's names; the date as a LeanCloud date (08:00 at +08:00 is midnight UTC).
        let stored = try #require(try admin.get("/1.1/classes/Task?order=taskId").json?["results"]?[0])
        #expect(stored["taskId"] == 1 && stored["owner"] == "ann" && stored["owner_name"] == nil)
        #expect(stored["due"]?["iso"] == "2026-01-02T00:00:00.000Z")

        // A value the field's type refuses: 111, and the steps before it undone.
        let refused = try device.send("POST", "/plan/bob", body: ResourceAuthTests.form([("points", "many")]),
                                      headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(refused.status == 400)
        #expect(refused.json?["code"] == 111)
        #expect(try admin.get("/1.1/classes/Task?count=1&limit=0").json?["count"] == 2)
    }

    /// A `where` placeholder fills in one value: an object a JSON body sends (`{"$ne": …}`) is
    /// refused, never used as a query operator that would widen the step to other objects.
    @Test func anActionsWhere_takesSingleValuesFromTheRequest() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        for owner in ["alice", "bob"] {
            #expect(try admin.post("/1.1/classes/Ticket", json: ["owner": .string(owner), "open": true]).status == 201)
        }
        let route: JSON = [
            "id": "close", "request": ["method": "POST", "path": "/close"],
            "actions": [["name": "closed", "update": ["class": "Ticket", "where": ["owner": "{{request.body.owner}}"], "set": ["open": false]]]],
            "response": ["json": "{{actions.closed}}"],
        ]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        let device = emulator.inProcessClient(credentials: .none)
        for widening: JSON in [["$ne": "nobody"], ["$exists": true], ["$in": ["alice", "bob"]], ["alice", "bob"]] {
            let refused = try device.post("/close", json: ["owner": widening])
            #expect(refused.status == 400)
            #expect(refused.json?["error"]?.stringValue?.contains("single values") == true)
        }
        #expect(try admin.get("/1.1/classes/Ticket?where=%7B%22open%22%3Afalse%7D&count=1&limit=0").json?["count"] == 0)
        let closed = try device.post("/close", json: ["owner": "alice"])
        #expect(closed.json == ["updated": 1])
    }
}
