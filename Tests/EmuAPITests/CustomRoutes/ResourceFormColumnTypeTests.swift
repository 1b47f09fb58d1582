import EmuTestSupport
import EmuAPI
import EmuHTTP
import LCWire
import Testing

/// A form write to a resource without `fields` or `fieldTypes` stores each value in the type of
/// the class's existing column (docs/custom-backends.md "Resources"): a form carries only text,
/// and text would otherwise be refused by a Number column, or fix a new column as a String.
@Suite struct ResourceFormColumnTypeTests {
    let emulator: TestServer
    let admin: TestClient
    let device: TestClient

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
        #expect(try admin.post("/__admin/routes", json: ["id": "tasks", "resource": ["path": "/tasks", "class": "Task"]]).status == 201)
    }

    func form(_ method: String, _ path: String, _ text: String) throws -> TestClient.Response {
        try device.send(method, path, body: Array(text.utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
    }

    @Test func formText_takesTheTypeOfTheClasssColumn() throws {
        #expect(try admin.post("/1.1/classes/Task", json: ["n": 1, "done": true, "code": "007", "title": "seeded"]).status == 201)
        let created = try form("POST", "/tasks", "n=2&done=false&code=008&title=hi&extra=3")
        #expect(created.status == 200, "\(created.text)")
        #expect(created.json?["n"] == 2)
        #expect(created.json?["done"] == false)
        #expect(created.json?["code"] == "008")
        #expect(created.json?["title"] == "hi")
        // A field of no column yet stays text, as a form sent it.
        #expect(created.json?["extra"] == "3")

        let id = try #require(created.json?["objectId"]?.stringValue)
        let updated = try form("PUT", "/tasks/\(id)", "n=2.5&done=1")
        #expect(updated.json?["n"] == 2.5)
        #expect(updated.json?["done"] == true)

        // Text that is no number stays text, and the column refuses it: LeanCloud's 111.
        let refused = try form("POST", "/tasks", "n=many")
        #expect(refused.status == 400)
        #expect(refused.json?["code"] == 111)
    }

    @Test func jsonBodies_keepTheirOwnTypes() throws {
        #expect(try admin.post("/1.1/classes/Task", json: ["n": 1]).status == 201)
        let refused = try device.post("/tasks", json: ["n": "2"])
        #expect(refused.json?["code"] == 111)
    }
}
