import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import Foundation
import LCWire
import Testing

/// Resources that know who is logged in (docs/custom-backends.md "Routes that know who is
/// logged in"): a resource's `auth` is checked before every operation, and `{{caller…}}` fills
/// its `where` ("my projects"), its envelopes and its fields' `default`s. The example apps'
/// drafts load whole and answer as their apps read them.
@Suite struct ResourceAuthTests {
    /// The repository's `examples/apps/<file>` routes, by id.
    static func exampleRoutes(_ file: String) throws -> [String: JSON] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try Data(contentsOf: root.appendingPathComponent("examples/apps/\(file)"))
        var routes: [String: JSON] = [:]
        for route in try JSONParser.parse(Array(text)).arrayValue ?? [] {
            if let id = route["id"]?.stringValue { routes[id] = route }
        }
        return routes
    }

    static func form(_ fields: [(String, String)]) -> [UInt8] { Array(TestBrowser.formEncoded(fields).utf8) }

    @Test(arguments: ["huaban-oauth/routes/huaban.json", "coding-captcha/routes/projects.json",
                      "merchant-feedback/routes/01-feedback.json", "merchant-feedback/routes/02-news.json"])
    func theExampleAppsRoutes_loadWhole(file: String) throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let routes = try Self.exampleRoutes(file)
        #expect(!routes.isEmpty)
        for (id, route) in routes.sorted(by: { $0.key < $1.key }) {
            let added = try admin.post("/__admin/routes", json: route)
            #expect(added.status == 201, "\(id): \(added.text)")
        }
    }

    // MARK: Huaban: pins and their comments behind the OAuth Bearer

    @Test func huabanComments_needTheBearer_takeTheCallersDefaults_andBumpThePinsCount() throws {
        let fixture = try OAuthFixture()
        let admin = fixture.emulator.inProcessClient(credentials: .masterKey)
        #expect(try admin.put("/1.1/users/\(TestServer.seedUserId)", json: ["user_id": 7]).status == 200)
        let routes = try Self.exampleRoutes("huaban-oauth/routes/huaban.json")
        for id in ["pins", "pin-comments"] { #expect(try admin.post("/__admin/routes", json: routes[id]).status == 201) }
        #expect(try admin.post("/1.1/classes/Pin", json: ["pin_id": 1, "raw_text": "a pin", "comment_count": 0]).status == 201)

        // No token, a forged one: the route's own 401.
        let missing = try fixture.client.get("/pins")
        #expect(missing.status == 401)
        #expect(missing.json?["error"] == "invalid_token")
        #expect(try fixture.get("/pins", bearer: "forged").status == 401)
        let refusedWrite = try fixture.client.send("POST", "/pins/1/comments", body: Self.form([("text", "hi")]),
                                                   headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(refusedWrite.status == 401)

        let access = try #require(try fixture.passwordGrant().json?["access_token"]?.stringValue)
        let pins = try fixture.get("/pins", bearer: access)
        #expect(pins.status == 200)
        #expect(pins.json?["pins"]?[0]?["pin_id"] == 1)

        let comment = try fixture.client.send("POST", "/pins/1/comments", body: Self.form([("text", "hi")]),
                                              headers: ["Authorization": "Bearer \(access)",
                                                        "Content-Type": "application/x-www-form-urlencoded"])
        #expect(comment.status == 200, "\(comment.text)")
        let created = try #require(comment.json?["comment"]?.objectValue)
        #expect(created["comment_id"] == 1)
        #expect(created["pin_id"] == 1)
        #expect(created["text"] == "hi")
        // The fields' defaults, from the caller: a number stays a number.
        #expect(created["user_id"] == 7)
        #expect(created["user"] == ["user_id": 7, "username": "testuser"])

        // The resource's create action bumped the pin, in the same transaction.
        #expect(try fixture.get("/pins/1", bearer: access).json?["pin"]?["comment_count"] == 1)
        _ = try fixture.client.send("POST", "/pins/1/comments", body: Self.form([("text", "again")]),
                                    headers: ["Authorization": "Bearer \(access)", "Content-Type": "application/x-www-form-urlencoded"])
        #expect(try fixture.get("/pins/1", bearer: access).json?["pin"]?["comment_count"] == 2)
        #expect(try fixture.get("/pins/1/comments", bearer: access).json?["comments"]?.arrayValue?.count == 2)

        // A pin that does not exist: its 404, and no comment stored.
        let orphan = try fixture.client.send("POST", "/pins/99/comments", body: Self.form([("text", "x")]),
                                             headers: ["Authorization": "Bearer \(access)", "Content-Type": "application/x-www-form-urlencoded"])
        #expect(orphan.status == 404)
        #expect(try admin.get("/1.1/classes/Comment?count=1&limit=0").json?["count"] == 2)
    }

    @Test func aFailingResourceAction_undoesTheWrite() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let route: JSON = [
            "id": "notes", "resource": [
                "path": "/notes", "class": "Note",
                "actions": ["create": [["name": "tally", "update": ["class": "Tally", "id": "0123456789abcdef01234567",
                                                                    "increment": ["n": 1]]]]],
            ],
        ]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        let refused = try emulator.inProcessClient(credentials: .none).post("/notes", json: ["text": "x"])
        #expect(refused.status == 404)
        #expect(refused.json?["error"] == "Tally 0123456789abcdef01234567 not found")
        #expect(try admin.get("/1.1/classes/Note?count=1&limit=0").json?["count"] == 0)
    }

    // MARK: Coding: the logged-in user's projects behind the /api cookie session

    @Test func codingProjects_areTheCallersOnly_andNeedTheSession() throws {
        var fixture = try WebLoginFixture()
        let admin = fixture.emulator.inProcessClient(credentials: .masterKey)
        let routes = try Self.exampleRoutes("coding-captcha/routes/projects.json")
        #expect(try admin.post("/__admin/routes", json: routes["projects"]).status == 201)
        for (id, owner) in [(1, "alice"), (2, "bob"), (3, "alice")] {
            #expect(try admin.post("/1.1/classes/Project", json: ["id": JSON(id), "name": .string("p\(id)"), "owner_user_name": .string(owner)]).status == 201)
        }

        let anonymous = try fixture.browser.get("/api/projects?page=1&pageSize=10")
        #expect(anonymous.json == ["code": 1000, "msg": ["user_not_login": "The user is not logged in."]])

        _ = try fixture.browser.get("/api/captcha/login")
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
        let mine = try fixture.browser.get("/api/projects?page=1&pageSize=10")
        let data = try #require(mine.json?["data"])
        #expect(data["totalRow"] == 2)
        #expect(data["page"] == 1)
        #expect(Set(data["list"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []) == [1, 3])
        // Another's project is not found, in the resource's envelope.
        #expect(try fixture.browser.get("/api/projects/2").json?["code"] == 101)
        #expect(try fixture.browser.get("/api/projects/3").json?["data"]?["name"] == "p3")
    }

    /// docs/custom-backends.md's JSON blocks of a resource with `auth` and of a resource's
    /// `actions` load, and answer as the text says.
    @Test func theDocumentsExamples_loadAndAnswerAsShown() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let markdown = try String(contentsOf: root.appendingPathComponent("docs/custom-backends.md"), encoding: .utf8)
        let blocks = markdown.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        for id in ["my-projects", "counted-comments"] {
            let block = try #require(blocks.first { $0.contains(#""id": "\#(id)""#) })
            #expect(try admin.post("/__admin/routes", json: try JSONParser.parse(Array(block.utf8))).status == 201)
        }
        let pins: JSON = ["id": "pins", "resource": ["path": "/pins", "class": "Pin", "id": ["field": "pin_id", "type": "integer", "auto": true]]]
        #expect(try admin.post("/__admin/routes", json: pins).status == 201)
        let device = emulator.inProcessClient(credentials: .none)
        #expect(try device.post("/pins", json: ["comment_count": 0]).json?["pin_id"] == 1)
        let comment = try device.send("POST", "/pins/1/comments", body: Self.form([("text", "hi")]),
                                      headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(comment.text == #"{"comment":{"comment_id":1,"pin_id":1,"text":"hi"}}"#)
        #expect(try device.get("/pins/1").json?["comment_count"] == 1)
        #expect(try device.get("/api/projects").json?["code"] == 1000)
    }

    @Test func callerPlaceholders_inAResourceWithoutAuth_areRefusedAtLoad() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let cases: [(JSONObject, String)] = [
            (["where": ["owner": "{{caller.username}}"]], "where.owner"),
            (["envelope": ["me": "{{caller.username}}", "data": "{{result}}"]], "envelope.me"),
            (["fields": ["owner": ["type": "string", "default": "{{caller.username}}"]]], "fields.owner.default"),
            (["actions": ["create": [["name": "x", "count": ["class": "Other", "where": ["a": "{{caller.objectId}}"]]]]]],
             "actions.create.0.count.where.a"),
        ]
        for (extra, field) in cases {
            var resource: JSONObject = ["path": "/things", "class": "Thing"]
            for (key, value) in extra { resource[key] = value }
            let refused = try admin.post("/__admin/routes", json: ["id": "things", "resource": .object(resource)])
            #expect(refused.status == 400)
            let message = refused.json?["error"]?.stringValue ?? ""
            #expect(message.contains(field) && message.contains("needs \"auth\""), "\(message)")
        }
        let unknown = try admin.post("/__admin/routes", json: ["id": "things", "resource": ["path": "/things", "class": "Thing",
                                                                                           "actions": ["list": []]]])
        #expect(unknown.status == 400)
        #expect(unknown.json?["error"]?.stringValue?.contains("actions.list") == true)
    }
}
