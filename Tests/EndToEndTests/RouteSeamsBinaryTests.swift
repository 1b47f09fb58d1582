import EmuTestSupport
import EmuTesting
import Foundation
import LCWire
import Primitives
import Testing

/// The real binary with the example apps' route files (examples/apps): a resource behind the
/// OAuth Bearer whose fields default from the caller and whose create bumps another resource
/// (Huaban's comments), the journal's `caller`, and a cookie-session resource that refuses a
/// cross-site write in the `/api` flow's envelope while a native client writes (Coding's projects).
@Suite struct RouteSeamsBinaryTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func start() async throws -> TestServer {
        try FileManager.default.createDirectory(atPath: directory.path("routes"), withIntermediateDirectories: true)
        for (name, file) in [("01-huaban.json", "huaban-oauth/routes/huaban.json"), ("02-projects.json", "coding-captcha/routes/projects.json")] {
            let text = try String(contentsOf: DocSnippets.root.appendingPathComponent("examples/apps/\(file)"), encoding: .utf8)
            try directory.write("routes/\(name)", text)
        }
        return try await TestServer.startAsync(.binary, arguments: ["--data", directory.path("data"), "--routes", directory.path("routes")])
    }

    @Test func huabanComments_takeTheCaller_bumpThePin_andTheJournalKnowsTheCaller() async throws {
        let server = try await start()
        let client = server.client(credentials: .none)
        let master = server.client(credentials: .masterKey)
        let basic = "Basic " + Data("\(server.app.appId):\(server.app.appKey)".utf8).base64EncodedString()
        try await RunningBinary.offThePool {
            #expect(try master.put("/1.1/users/\(TestServer.seedUserId)", json: ["user_id": 9]).status == 200)
            #expect(try master.post("/1.1/classes/Pin", json: ["pin_id": 1, "comment_count": 0]).status == 201)
            let grant = try client.send("POST", "/oauth/access_token", body: Array("grant_type=password&username=testuser&password=lcemu-test-password".utf8),
                                        headers: ["Authorization": basic, "Content-Type": "application/x-www-form-urlencoded"])
            let access = try #require(grant.json?["access_token"]?.stringValue)
            let forged = try client.send("POST", "/pins/1/comments", body: Array("text=hi".utf8),
                                         headers: ["Authorization": "Bearer forged", "Content-Type": "application/x-www-form-urlencoded"])
            #expect(forged.status == 401)
            let comment = try client.send("POST", "/pins/1/comments", body: Array("text=hi".utf8), headers: ["Authorization": "Bearer \(access)", "Content-Type": "application/x-www-form-urlencoded"])
            #expect(comment.status == 200, "\(comment.text)")
            #expect(comment.json?["comment"]?["user_id"] == 9)
            #expect(comment.json?["comment"]?["comment_id"] == 1)
            let pin = try client.get("/pins/1", headers: ["Authorization": "Bearer \(access)"])
            #expect(pin.json?["pin"]?["comment_count"] == 1)

            let journal = try master.get("/__admin/requests?caller=\(TestServer.seedUserId)&method=POST")
            #expect(journal.status == 200)
            let records = journal.json?["results"]?.arrayValue ?? []
            #expect(records.map { $0["route"] } == ["pin-comments"])
            #expect(records.first?["caller"] == .string(TestServer.seedUserId))
        }
    }

    @Test func codingProjects_refuseACrossSiteWrite_andTakeANativeOne() async throws {
        let server = try await start()
        try await RunningBinary.offThePool {
            var native = TestBrowser(server.client(credentials: .none))
            native.echoesCSRF = false
            _ = try native.get("/api/captcha/login")
            let login = try native.post("/api/login", form: [("email", "testuser"), ("password", SHA1.hex("lcemu-test-password")),
                                                              ("remember_me", "false"), ("j_captcha", "")])
            #expect(login.json?["code"] == 0, "\(login.text)")

            var page = native
            page.origin = "http://evil.test"
            let refused = try page.post("/api/projects", form: [("name", "evil")])
            #expect(refused.json == ["code": 801, "msg": ["csrf_validate_failed": "The CSRF token is missing or wrong."]])
            let created = try native.post("/api/projects", form: [("name", "mine"), ("owner_user_name", "testuser")])
            // The draft declares no `created` envelope: the object as its fields shape it.
            #expect(created.json?["name"] == "mine" && created.json?["id"] == 1, "\(created.text)")
            let list = try native.get("/api/projects?page=1&pageSize=10")
            #expect(list.json?["data"]?["totalRow"] == 1)
            #expect(list.json?["data"]?["list"]?[0]?["name"] == "mine")
        }
    }
}
