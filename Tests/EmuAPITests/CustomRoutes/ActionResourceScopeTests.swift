import EmuTestSupport
import EmuAPI
import EmuHTTP
import LCWire
import Testing

/// An action whose target is a resource route reaches what that resource reaches: its `where`
/// (rendered with the route's request and caller) and its parent (the route's capture of the
/// same name) hold for every step, and its writes keep the scope's fields as the resource's own
/// writes do (docs/custom-backends.md "Routes that change data").
@Suite struct ActionResourceScopeTests {
    let emulator: TestServer
    let admin: TestClient
    let device: TestClient

    static let routes: [JSON] = [
        ["id": "notes", "resource": ["path": "/notes", "class": "Note", "where": ["owner": "{{request.headers.x-owner}}"]]],
        ["id": "touch", "request": ["method": "POST", "path": "/notes/:id/touch"],
         "actions": [["name": "note", "update": ["resource": "notes", "id": "{{request.path.id}}", "set": ["text": "touched", "owner": "bob"]]]],
         "response": ["json": ["note": "{{actions.note}}"]], "notFound": ["status": 404, "json": ["missing": true]]],
        ["id": "remove", "request": ["method": "DELETE", "path": "/notes/:id/remove"],
         "actions": [["name": "gone", "delete": ["resource": "notes", "id": "{{request.path.id}}"]]],
         "response": ["json": ["gone": "{{actions.gone}}"]], "notFound": ["status": 404, "json": ["missing": true]]],
        ["id": "tally", "request": ["method": "GET", "path": "/notes-count"],
         "actions": [["name": "n", "count": ["resource": "notes"]], ["name": "all", "count": ["class": "Note"]]],
         "response": ["json": ["mine": "{{actions.n}}", "all": "{{actions.all}}"]]],
        ["id": "add", "request": ["method": "POST", "path": "/notes-add"],
         "actions": [["name": "note", "create": ["resource": "notes", "fields": ["text": "new", "owner": "alice"]]]],
         "response": ["json": ["note": "{{actions.note}}"]]],
        ["id": "comments", "resource": ["path": "/posts/:post/comments", "class": "Remark",
                                        "parent": ["capture": "post", "field": "post"]]],
        ["id": "post-count", "request": ["method": "GET", "path": "/posts/:post/count"],
         "actions": [["name": "n", "count": ["resource": "comments"]]], "response": ["json": ["n": "{{actions.n}}"]]],
        ["id": "post-add", "request": ["method": "POST", "path": "/posts/:post/add"],
         "actions": [["name": "c", "create": ["resource": "comments", "fields": ["text": "hi", "post": "other"]]]],
         "response": ["json": ["c": "{{actions.c}}"]]],
        ["id": "loose-count", "request": ["method": "GET", "path": "/comment-count"],
         "actions": [["name": "n", "count": ["resource": "comments"]]], "response": ["json": ["n": "{{actions.n}}"]]],
    ]

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
        for route in Self.routes { #expect(try admin.post("/__admin/routes", json: route).status == 201, "\(route["id"] ?? .null)") }
    }

    func note(owner: String) throws -> String {
        try #require(try admin.post("/1.1/classes/Note", json: ["owner": .string(owner), "text": "t"]).json?["objectId"]?.stringValue)
    }

    @Test func anUpdateOrADelete_throughAResource_reachesOnlyItsScope() throws {
        let alices = try note(owner: "alice")
        let bobs = try note(owner: "bob")
        let refused = try device.post("/notes/\(alices)/touch", headers: ["x-owner": "bob"])
        #expect(refused.status == 404, "\(refused.text)")
        #expect(try device.send("DELETE", "/notes/\(alices)/remove", headers: ["x-owner": "bob"]).status == 404)
        #expect(try admin.get("/1.1/classes/Note/\(alices)").json?["text"] == "t")

        // Within the scope: written, but the scope's field never changes.
        let touched = try device.post("/notes/\(alices)/touch", headers: ["x-owner": "alice"])
        #expect(touched.json?["note"]?["text"] == "touched")
        #expect(touched.json?["note"]?["owner"] == "alice")
        #expect(try device.send("DELETE", "/notes/\(bobs)/remove", headers: ["x-owner": "bob"]).json?["gone"] == ["deleted": 1])
    }

    @Test func aCountThroughAResource_countsItsScope_aCreateStoresItsOwner() throws {
        for owner in ["alice", "alice", "bob"] { _ = try note(owner: owner) }
        let counted = try device.get("/notes-count", headers: ["x-owner": "alice"])
        #expect(counted.json == ["mine": 2, "all": 3], "\(counted.text)")
        #expect(try device.get("/notes-count").json == ["mine": 0, "all": 3])
        let created = try device.post("/notes-add", headers: ["x-owner": "bob"])
        #expect(created.json?["note"]?["owner"] == "bob")
    }

    @Test func aNestedResource_isReachedUnderTheRoutesCapture_only() throws {
        for post in ["p1", "p1", "p2"] {
            #expect(try device.post("/posts/\(post)/comments", json: ["text": "c"]).status == 200)
        }
        #expect(try device.get("/posts/p1/count").json?["n"] == 2)
        #expect(try device.get("/posts/p3/count").json?["n"] == 0)
        let added = try device.post("/posts/p2/add")
        #expect(added.json?["c"]?["post"] == "p2")
        #expect(try device.get("/posts/p2/count").json?["n"] == 2)
        // A route without the parent's capture cannot say which parent: refused, not the whole class.
        let loose = try device.get("/comment-count")
        #expect(loose.status == 400)
        #expect(loose.json?["error"]?.stringValue?.contains(":post") == true, "\(loose.text)")
    }
}
