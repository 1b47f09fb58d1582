import EmuTestSupport
import Dispatch
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Primitives
import Testing

/// Routes that change data (docs/custom-backends.md): `actions` create, update, delete, count,
/// sum, find and findUser in one transaction, before the response renders them.
@Suite struct RouteActionsTests {
    let emulator: TestServer
    let admin: TestClient
    let device: TestClient

    static let reply: JSON = [
        "id": "feedback-reply",
        "request": ["method": "POST", "path": "/merchant/feedback/:id/reply", "body": ["content": ["matches": "\\S"]]],
        "actions": [["name": "item", "update": ["class": "Feedback", "id": "{{request.path.id}}",
                                                "set": ["replyStatus": 1, "reply": "{{request.body.content}}"],
                                                "increment": ["replyCount": 1], "unset": ["draft"]]]],
        "response": ["json": ["code": "0", "msg": "成功", "data": "{{actions.item}}"]],
        "notFound": ["json": ["code": "1", "msg": "失败: {{error}}"]],
    ]

    static let summary: JSON = [
        "id": "feedback-summary",
        "request": ["method": "GET", "path": "/merchant/feedback/summary"],
        "actions": [["name": "unreplied", "count": ["class": "Feedback", "where": ["replyStatus": 0]]],
                    ["name": "total", "count": ["class": "Feedback"]],
                    ["name": "replies", "sum": ["class": "Feedback", "field": "replyCount"]]],
        "response": ["json": ["code": "0", "data": ["unreplied": "{{actions.unreplied}}", "total": "{{actions.total}}",
                                                    "replies": "{{actions.replies}}"]]],
    ]

    init() throws {
        emulator = try TestServer.start(seeded: true)
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
    }

    func feedback(_ fields: JSON) throws -> String {
        try #require(try admin.post("/1.1/classes/Feedback", json: fields).json?["objectId"]?.stringValue)
    }

    func form(_ path: String, _ body: String) throws -> TestClient.Response {
        try device.send("POST", path, body: Array(body.utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
    }

    @Test func aReply_setsAndIncrements_andTheSummaryFollowsTheData() throws {
        let first = try feedback(["replyStatus": 0, "replyCount": 0, "draft": "x"])
        _ = try feedback(["replyStatus": 0, "replyCount": 0])
        #expect(try admin.post("/__admin/routes", json: Self.reply).status == 201)
        #expect(try admin.post("/__admin/routes", json: Self.summary).status == 201)
        #expect(try device.get("/merchant/feedback/summary").json?["data"] == ["unreplied": 2, "total": 2, "replies": 0])

        let answer = try form("/merchant/feedback/\(first)/reply", "content=thanks&tick=1")
        #expect(answer.status == 200)
        let item = try #require(answer.json?["data"])
        #expect(item["replyStatus"] == 1)
        #expect(item["replyCount"] == 1)
        #expect(item["reply"] == "thanks")
        #expect(item["draft"] == nil)
        #expect(item["objectId"] == .string(first))
        #expect(try device.get("/merchant/feedback/summary").json?["data"] == ["unreplied": 1, "total": 2, "replies": 1])

        _ = try form("/merchant/feedback/\(first)/reply", "content=again")
        #expect(try admin.get("/1.1/classes/Feedback/\(first)").json?["replyCount"] == 2)
        #expect(try device.get("/merchant/feedback/summary").json?["data"]?["replies"] == 2)
    }

    @Test func aRequestsText_isStoredAsSent_neverRenderedAgain() throws {
        let id = try feedback(["replyStatus": 0])
        _ = try admin.post("/__admin/routes", json: Self.reply)
        let answer = try form("/merchant/feedback/\(id)/reply", "content=%7B%7Bnow%7D%7D")
        #expect(answer.json?["data"]?["reply"] == "{{now}}")
        #expect(try admin.get("/1.1/classes/Feedback/\(id)").json?["reply"] == "{{now}}")
    }

    @Test func anUnknownId_answersNotFound_andWritesNothing() throws {
        _ = try admin.post("/__admin/routes", json: Self.reply)
        let answer = try form("/merchant/feedback/65b000000000000000000009/reply", "content=x")
        #expect(answer.status == 404)
        #expect(answer.json == ["code": "1", "msg": "失败: Feedback 65b000000000000000000009 not found"])
        #expect(try admin.get("/1.1/classes/Feedback").json?["results"] == [])
    }

    @Test func aTypeClash_rollsBackEveryAction_andAnswersTheErrorAnswer() throws {
        let id = try feedback(["replyStatus": 0, "replyCount": 0])
        let route: JSON = [
            "id": "clash", "request": ["method": "POST", "path": "/clash/:id"],
            "actions": [["name": "log", "create": ["class": "ReplyLog", "fields": ["feedback": "{{request.path.id}}"]]],
                        ["name": "bump", "update": ["class": "Feedback", "id": "{{request.path.id}}", "increment": ["replyCount": 1]]],
                        ["name": "bad", "update": ["class": "Feedback", "id": "{{request.path.id}}", "set": ["replyStatus": "not a number"]]]],
            "response": ["json": ["code": "0"]],
            "error": ["status": 422, "json": ["code": "{{code}}", "msg": "{{error}}"]],
        ]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        let answer = try device.post("/clash/\(id)")
        #expect(answer.status == 422)
        #expect(answer.json?["code"] == 111)
        #expect(try admin.get("/1.1/classes/Feedback/\(id)").json?["replyCount"] == 0)
        #expect(try admin.get("/1.1/classes/ReplyLog").json?["results"] == [])
        // Without an `error` answer: LeanCloud's code and words, 400.
        _ = try admin.put("/__admin/routes/clash", json: .object(route.objectValue!.removing("error")))
        let plain = try device.post("/clash/\(id)")
        #expect(plain.status == 400)
        #expect(plain.json?["code"] == 111)
    }

    @Test func whereUpdatesAndDeletes_createFind_andFindUser() throws {
        for status in [0, 0, 1] { _ = try feedback(["replyStatus": .number(Double(status)), "score": 2]) }
        let route: JSON = [
            "id": "bulk", "request": ["method": "POST", "path": "/bulk/:status"],
            "actions": [["name": "marked", "update": ["class": "Feedback", "where": ["replyStatus": "{{request.path.status}}"], "set": ["read": true]]],
                        ["name": "made", "create": ["class": "Feedback", "fields": ["replyStatus": 5, "score": 10]]],
                        ["name": "points", "sum": ["class": "Feedback", "field": "score", "where": ["read": true]]],
                        ["name": "newest", "find": ["class": "Feedback", "where": ["score": ["$gte": 10]], "order": "-createdAt"]],
                        ["name": "gone", "delete": ["class": "Feedback", "where": ["replyStatus": 1]]],
                        ["name": "user", "findUser": ["username": "{{request.body.name}}", "required": false]]],
            "response": ["json": ["marked": "{{actions.marked.updated}}", "made": "{{actions.made.score}}", "points": "{{actions.points}}",
                                  "newest": "{{actions.newest.objectId}}", "same": "{{actions.made.objectId}}",
                                  "gone": "{{actions.gone.deleted}}", "user": "{{actions.user.username}}"]],
        ]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        // The capture is text; the stored field a number: "0" finds 0.
        let answer = try device.post("/bulk/0", json: ["name": "testuser"])
        #expect(answer.status == 200)
        let body = try #require(answer.json)
        #expect(body["marked"] == 2)
        #expect(body["made"] == 10)
        #expect(body["points"] == 4)
        #expect(body["newest"] == body["same"])
        #expect(body["gone"] == 1)
        #expect(body["user"] == "testuser")
        #expect(try device.post("/bulk/7", json: ["name": "nobody"]).json?["user"] == .null)
    }

    @Test func findUser_required_answersNotFound() throws {
        let route: JSON = [
            "id": "login", "request": ["method": "POST", "path": "/app/login"],
            "actions": [["name": "user", "findUser": ["username": "{{request.body.username}}"]]],
            "response": ["json": ["code": "0", "data": ["username": "{{actions.user.username}}", "id": "{{actions.user.objectId}}"]]],
            "notFound": ["status": 200, "json": ["code": "1", "msg": "失败"]],
        ]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        let hit = try form("/app/login", "tick=1&username=testuser")
        #expect(hit.json == ["code": "0", "data": ["username": "testuser", "id": .string(TestServer.seedUserId)]])
        let miss = try form("/app/login", "tick=1&username=18100000000")
        #expect(miss.status == 200)
        #expect(miss.json == ["code": "1", "msg": "失败"])
    }

    @Test func anIncrementFromAFormField_addsItsNumber() throws {
        let id = try feedback(["score": 1])
        _ = try admin.post("/__admin/routes", json: [
            "id": "add", "request": ["method": "POST", "path": "/add/:id"],
            "actions": [["name": "item", "update": ["class": "Feedback", "id": "{{request.path.id}}", "increment": ["score": "{{request.body.by}}"]]]],
            "response": ["json": "{{actions.item.score}}"],
        ])
        #expect(try form("/add/\(id)", "by=2").text == "3")
        let refused = try form("/add/\(id)", "by=two")
        #expect(refused.status == 400)
        #expect(refused.json?["error"] == "increment.score must be a number")
        #expect(try admin.get("/1.1/classes/Feedback/\(id)").json?["score"] == 3)
    }

    @Test func twentyParallelIncrements_endAtTwenty() throws {
        let id = try feedback(["replyCount": 0])
        _ = try admin.post("/__admin/routes", json: [
            "id": "bump", "request": ["method": "POST", "path": "/bump/:id"],
            "actions": [["name": "item", "update": ["class": "Feedback", "id": "{{request.path.id}}", "increment": ["replyCount": 1]]]],
            "response": ["json": ["count": "{{actions.item.replyCount}}"]],
        ])
        let statuses = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 20) { _ in
            let status = (try? emulator.client(credentials: .none).post("/bump/\(id)").status) ?? 0
            statuses.withValue { $0.append(status) }
        }
        #expect(statuses.current == Array(repeating: 200, count: 20))
        #expect(try admin.get("/1.1/classes/Feedback/\(id)").json?["replyCount"] == 20)
    }

    @Test func aResourceTarget_usesTheResourcesClass() throws {
        _ = try feedback(["replyStatus": 0])
        _ = try admin.post("/__admin/routes", json: ["id": "feedback", "resource": ["path": "/merchant/feedback", "class": "Feedback"]])
        _ = try admin.post("/__admin/routes", json: [
            "id": "count", "request": ["path": "/count"],
            "actions": [["name": "n", "count": ["resource": "feedback"]], ["name": "m", "count": ["resource": "nothing"]]],
            "response": ["json": ["n": "{{actions.n}}"]],
        ])
        let answer = try device.get("/count")
        #expect(answer.status == 400)
        #expect(answer.json?["error"] == "the action's resource 'nothing' is not a resource route of this app")
    }

    @Test(arguments: [
        (literal(["id": "r", "request": ["path": "/r"], "actions": [["name": "a", "count": ["class": "A", "where": ["x": "{{actions.b}}"]]],
                                                                 ["name": "b", "count": ["class": "A"]]]]),
         "actions.0.count.where.x: {{actions.b}} names no action defined before it"),
        (literal(["id": "r", "request": ["path": "/r"], "actions": [["name": "a", "update": ["class": "_User", "id": "x", "set": ["a": 1]]]]]),
         "actions.0.update.class: '_User' is a system class"),
        (literal(["id": "r", "request": ["path": "/r"], "actions": [["name": "a", "count": ["class": "A"], "sum": ["class": "A", "field": "x"]]]]),
         "actions.0: give exactly one of"),
        (literal(["id": "r", "request": ["path": "/r"], "notFound": ["json": [:]]]), #"notFound: answers a failed action: give "actions""#),
        (literal(["id": "r", "request": ["path": "/r"], "actions": [["name": "a", "update": ["class": "A", "id": "x", "increment": ["n": "one"]]]]]),
         "actions.0.update.increment.n: expected a number"),
        (literal(["id": "r", "resource": ["path": "/r", "class": "A"], "actions": []]), "actions: a stub's key"),
    ])
    func aBadAction_isRefused_namingRouteAndField(route: JSON, message: String) throws {
        let refused = try admin.post("/__admin/routes", json: route)
        #expect(refused.status == 400)
        let error = refused.json?["error"]?.stringValue ?? ""
        #expect(error.contains("route 'r': \(message)"), "\(error)")
    }
}

private extension JSONObject {
    func removing(_ key: String) -> JSONObject {
        var copy = self
        copy[key] = nil
        return copy
    }
}

/// A JSON literal where the type is not inferred (test arguments).
private func literal(_ value: JSON) -> JSON { value }
