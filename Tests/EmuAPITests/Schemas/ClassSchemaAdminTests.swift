import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `POST /__admin/schemas/<Class>`: a class and typed columns made before any object, as
/// LeanCloud's console makes them (the dashboard's Add class and Add column).
@Suite struct ClassSchemaAdminTests {
    let emulator: TestServer
    let admin: TestClient
    let client: TestClient

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        client = emulator.inProcessClient()
    }

    @Test func aClassAndItsColumns_areInTheSchemas_andTypeLaterWrites() throws {
        let made = try admin.post("/__admin/schemas/Book", json: ["fields": [
            "title": ["type": "String"], "pages": ["type": "Number"], "author": ["type": "Pointer", "className": "_User"]]])
        #expect(made.status == 201)
        #expect(made.json?["title"] == ["type": "String"] && made.json?["objectId"] == ["type": "String"])
        let listed = try admin.get("/1.1/schemas").json?["Book"]
        #expect(listed?["pages"] == ["type": "Number"] && listed?["author"] == ["type": "Pointer", "className": "_User"])
        #expect(try admin.get("/1.1/schemas/Book").json == made.json)
        #expect(try admin.get("/1.1/classes/Book").json?["results"] == [])

        let wrong = try client.post("/1.1/classes/Book", json: ["pages": "many"])
        #expect(wrong.status == 400 && wrong.json?["code"] == 111)
        #expect(try client.post("/1.1/classes/Book", json: ["title": "Dune", "pages": 412]).status == 201)

        let column = try admin.post("/__admin/schemas/Book", json: ["fields": ["published": ["type": "Date"]]])
        #expect(column.status == 200 && column.json?["published"] == ["type": "Date"] && column.json?["title"] == ["type": "String"])
        #expect(try client.post("/1.1/classes/Book", json: ["published": true]).json?["code"] == 111)
        // The same type again changes nothing; another is refused, and the whole request with it.
        #expect(try admin.post("/__admin/schemas/Book", json: ["fields": ["title": ["type": "String"]]]).status == 200)
        let clash = try admin.post("/__admin/schemas/Book", json: ["fields": ["isbn": ["type": "String"], "title": ["type": "Number"]]])
        #expect(clash.status == 400 && clash.json?["code"] == 111)
        #expect(try admin.get("/1.1/schemas/Book").json?["isbn"] == nil)
    }

    @Test func aClassWithNoColumn_isListedEmpty() throws {
        #expect(try admin.post("/__admin/schemas/Empty").status == 201)
        #expect(try admin.get("/1.1/schemas").json?["Empty"]?.objectValue?.keys.sorted() == ["ACL", "createdAt", "objectId", "updatedAt"])
        #expect(try admin.post("/__admin/schemas/Empty", json: [:]).status == 200)
        #expect(try admin.post("/__admin/schemas/_User", json: ["fields": ["nickname": ["type": "String"]]]).status == 201)
    }

    @Test func badInput_isRefusedWithTheAPIsCodes_andMakesNothing() throws {
        let cases: [(String, JSON, Int)] = [
            ("9Bad", [:], 103),
            ("_Mine", [:], 103),
            ("Bad", ["fields": ["bad-key": ["type": "String"]]], 105),
            ("Bad", ["fields": ["objectId": ["type": "String"]]], 105),
            ("Bad", ["fields": ["ACL": ["type": "Object"]]], 105),
            ("Bad", ["fields": ["n": ["type": "Integer"]]], 111),
            ("Bad", ["fields": ["n": "String"]], 111),
            ("Bad", ["fields": ["p": ["type": "Pointer"]]], 111),
            ("Bad", ["fields": ["a": ["type": "GeoPoint"], "b": ["type": "GeoPoint"]]], 111),
            ("Bad", ["fields": []], 1),
            ("Bad", ["columns": [:]], 1),
        ]
        for (className, body, code) in cases {
            let answer = try admin.post("/__admin/schemas/\(className)", json: body)
            #expect(answer.status == 400 && answer.json?["code"] == JSON(code), "\(className) \(body.jsonString): \(answer.text)")
        }
        #expect(try admin.get("/1.1/schemas").json?["Bad"] == nil)
        #expect(try client.post("/__admin/schemas/Book").status == 401)
    }
}
