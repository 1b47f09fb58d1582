import EmuTestSupport
import Dispatch
import EmuTesting
import Foundation
import LCWire
import Primitives
import Testing

/// The route engine in the real binary, with the route files docs/custom-backends.md shows
/// (taken from the page): `auth` refusing missing, forged, expired and revoked OAuth tokens,
/// `actions` that write and count in one transaction (and roll back), parallel increments that
/// all land, the route order of files and API, and templated keys.
@Suite struct RouteEngineBinaryTests {
    static let document = "docs/custom-backends.md"
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// The JSON block of the page that holds `id`.
    static func block(holding id: String) throws -> String {
        let markdown = try String(contentsOf: DocSnippets.root.appendingPathComponent(document), encoding: .utf8)
        let blocks = DocCurlExamples.blocks(markdown, language: "json").map { $0.joined(separator: "\n") }
        return try #require(blocks.first { $0.contains(#""id": "\#(id)""#) })
    }

    /// The binary, seeded (the test user), with the page's routes as files.
    func start() async throws -> TestServer {
        try FileManager.default.createDirectory(atPath: directory.path("routes"), withIntermediateDirectories: true)
        try directory.write("routes/01-me.json", try Self.block(holding: "me"))
        try directory.write("routes/02-feedback.json", try Self.block(holding: "feedback-reply"))
        try directory.write("routes/03-news.json", try Self.block(holding: "news-item"))
        return try await TestServer.startAsync(.binary, arguments: ["--data", directory.path("data"), "--routes", directory.path("routes")])
    }

    @Test func oauthAuth_refusesMissingForgedExpiredAndRevokedTokens() async throws {
        let server = try await start()
        let client = server.client(credentials: .none)
        let master = server.client(credentials: .masterKey)
        let basic = "Basic " + Data("\(server.app.appId):\(server.app.appKey)".utf8).base64EncodedString()
        try await RunningBinary.offThePool {
            func token(_ form: String) throws -> JSON? {
                try client.send("POST", "/oauth/access_token", body: Array(form.utf8), headers: [
                    "Authorization": basic, "Content-Type": "application/x-www-form-urlencoded",
                ]).json
            }
            func me(_ bearer: String?) throws -> TestClient.Response {
                try client.get("/users/me", headers: bearer.map { ["Authorization": "Bearer \($0)"] } ?? [:])
            }
            #expect(try master.put("/1.1/users/64b7f0c2e4b0a1d2c3f40001", json: ["user_id": 1]).status == 200)
            let missing = try me(nil)
            #expect(missing.status == 401)
            #expect(missing.headers["WWW-Authenticate"] == "Bearer")
            let forged = try me("forged")
            #expect(forged.status == 401)
            #expect(forged.json?["error"] == "invalid_token")
            #expect(forged.headers["WWW-Authenticate"] == #"Bearer error="invalid_token""#)

            let grant = try #require(try token("grant_type=password&username=testuser&password=lcemu-test-password"))
            let access = try #require(grant["access_token"]?.stringValue)
            #expect(try me(access).text == #"{"user_id":1,"username":"testuser"}"#)

            let renewed = try #require(try token("grant_type=refresh_token&refresh_token=\(grant["refresh_token"]?.stringValue ?? "")")?["access_token"]?.stringValue)
            #expect(try me(access).status == 401)  // revoked by the rotation
            #expect(try me(renewed).status == 200)
            #expect(try master.post("/__admin/clock", json: ["advance": "61m"]).status == 200)
            #expect(try me(renewed).status == 401)  // expired
        }
    }

    @Test func actions_replyAndSummary_rollBack_andTwentyParallelIncrementsLand() async throws {
        let server = try await start()
        let client = server.client(credentials: .none)
        let master = server.client(credentials: .masterKey)
        try await RunningBinary.offThePool {
            let ids = try (0..<2).map { _ in
                try #require(try master.post("/1.1/classes/Feedback", json: ["replyStatus": 0, "replyCount": 0]).json?["objectId"]?.stringValue)
            }
            func reply(_ id: String) throws -> TestClient.Response {
                try client.send("POST", "/merchant/feedback/\(id)/reply", body: Array("content=thanks&tick=1".utf8),
                                headers: ["Content-Type": "application/x-www-form-urlencoded"])
            }
            #expect(try client.get("/merchant/feedback/summary").json?["data"] == ["unreplied": 2, "total": 2])
            let answer = try reply(ids[0])
            #expect(answer.json?["code"] == "0")
            #expect(answer.json?["data"]?["replyStatus"] == 1)
            #expect(answer.json?["data"]?["replyCount"] == 1)
            #expect(try client.get("/merchant/feedback/summary").json?["data"] == ["unreplied": 1, "total": 2])

            let missing = try reply("65b000000000000000000009")
            #expect(missing.status == 404)
            #expect(missing.json == ["code": "1", "msg": "失败"])
            #expect(try master.get("/1.1/classes/Feedback?count=1&limit=0").json?["count"] == 2)

            // A type clash in the second action undoes the first.
            let clash: JSON = [
                "id": "clash", "request": ["method": "POST", "path": "/clash/:id"],
                "actions": [["name": "bump", "update": ["class": "Feedback", "id": "{{request.path.id}}", "increment": ["replyCount": 1]]],
                            ["name": "bad", "update": ["class": "Feedback", "id": "{{request.path.id}}", "set": ["replyStatus": "text"]]]],
            ]
            #expect(try master.post("/__admin/routes", json: clash).status == 201)
            #expect(try client.post("/clash/\(ids[1])").json?["code"] == 111)
            #expect(try master.get("/1.1/classes/Feedback/\(ids[1])").json?["replyCount"] == 0)

            let statuses = Locked<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 20) { _ in
                let status = (try? server.client(credentials: .none).send(
                    "POST", "/merchant/feedback/\(ids[1])/reply", body: Array("content=x".utf8),
                    headers: ["Content-Type": "application/x-www-form-urlencoded"]).status) ?? 0
                statuses.withValue { $0.append(status) }
            }
            #expect(statuses.current == Array(repeating: 200, count: 20))
            #expect(try master.get("/1.1/classes/Feedback/\(ids[1])").json?["replyCount"] == 20)
        }
    }

    @Test func routeOrder_andTemplatedKeys() async throws {
        let server = try await start()
        let client = server.client(credentials: .none)
        let master = server.client(credentials: .masterKey)
        try await RunningBinary.offThePool {
            #expect(try client.get("/merchant/news/n-1").text == #"{"n-1":{"docid":"n-1"}}"#)
            let api: JSON = ["id": "api-news", "request": ["method": "GET", "path": "/merchant/news/:docid"], "response": ["json": ["api": true]]]
            #expect(try master.post("/__admin/routes", json: api).status == 201)
            // Same priority: the file's route answers.
            #expect(try client.get("/merchant/news/n-1").json?["n-1"] != nil)
            var first = api.objectValue!
            first["priority"] = 1
            #expect(try master.put("/__admin/routes/api-news", json: .object(first)).status == 200)
            #expect(try client.get("/merchant/news/n-1").json == ["api": true])
            let order = try master.get("/__admin/routes").json?["results"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            #expect(order == ["api-news", "me", "feedback-reply", "feedback-summary", "news-item"])
        }
    }
}
