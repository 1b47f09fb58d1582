import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

/// The whole-app document of `lcemu exec --export-on-exit`, and the initial data `--import`
/// gives an app: what it reads, what it refuses, and that an emulator started from it serves it.
@Suite struct AppDataDocumentTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func failure(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return "\(error)" }
    }

    static func record(_ className: String, _ id: String, _ fields: JSONObject) -> ObjectRecord {
        let date = LCDate(millisecondsSince1970: 1_704_789_000_000)
        return ObjectRecord(className: className, objectId: id, createdAt: date, updatedAt: date, acl: nil, fields: fields)
    }

    @Test func serialize_nestsEachClassAsItsExport_oneObjectPerLine() {
        let text = String(decoding: AppDataDocument.serialize([
            ("Post", [Self.record("Post", "65a1f0c0e4b0a1d2c3f50001", ["title": "one"]),
                      Self.record("Post", "65a1f0c0e4b0a1d2c3f50002", ["title": "two"])]),
            ("Tag", []),
        ]), as: UTF8.self)
        #expect(text == """
            {"classes":{
            "Post":{"results":[
            {"title":"one","objectId":"65a1f0c0e4b0a1d2c3f50001","createdAt":"2024-01-09T08:30:00.000Z","updatedAt":"2024-01-09T08:30:00.000Z"},
            {"title":"two","objectId":"65a1f0c0e4b0a1d2c3f50002","createdAt":"2024-01-09T08:30:00.000Z","updatedAt":"2024-01-09T08:30:00.000Z"}
            ]},
            "Tag":{"results":[]}
            }}

            """)
        #expect(String(decoding: AppDataDocument.serialize([]), as: UTF8.self) == "{\"classes\":{}}\n")
    }

    @Test func anExportedApp_startsAnotherEmulator_withTheSameData_andItsResetReturnsToIt() throws {
        let source = try TestServer.start(seeded: true)
        let master = source.client(credentials: .masterKey)
        #expect(try master.post("/1.1/classes/Note", json: ["text": "kept"]).status == 201)
        let gone = try #require(try master.post("/1.1/classes/Draft", json: ["text": "deleted"]).json?["objectId"]?.stringValue)
        #expect(try master.delete("/1.1/classes/Draft/\(gone)").status == 200)  // leaves Draft empty
        let exported = try #require(source.emulator.app(source.app.appId)).exportDocument()
        #expect(exported.classes == 4 && exported.objects == 42)
        let file = directory.path("app.json")
        try Data(exported.bytes).write(to: URL(fileURLWithPath: file))

        let initial = try SeedData.load(importing: file, now: .now())
        #expect(initial.records.count == 42 && initial.emptyClasses == ["Draft"])
        let copy = try TestServer.start { $0.initialData[AppConfiguration.development.appId] = initial }
        let app = try #require(copy.emulator.app(copy.app.appId))
        #expect(try app.exportDocument().bytes == exported.bytes)
        // The seeded user's password hash came along.
        let login = try copy.client().post("/1.1/login", json: ["username": "testuser", "password": "lcemu-test-password"])
        #expect(login.status == 200, "\(login.text)")

        #expect(try copy.client().post("/1.1/classes/Note", json: ["text": "after"]).status == 201)
        #expect(try copy.client(credentials: .masterKey).post("/__admin/reset").status == 200)
        #expect(try app.exportDocument().bytes == exported.bytes)
    }

    @Test func oneClassExport_takesItsClassFromTheFileName() throws {
        let file = try directory.write("Post.json", """
            {"results":[
            {"title":"one","objectId":"65a1f0c0e4b0a1d2c3f50001","createdAt":"2024-01-09T08:30:00.000Z","updatedAt":"2024-01-09T08:30:00.000Z"}
            ]}
            """)
        let initial = try SeedData.load(importing: file, now: .now())
        #expect(initial.records.map(\.className) == ["Post"])
        #expect(initial.records.map(\.objectId) == ["65a1f0c0e4b0a1d2c3f50001"])
        let empty = try SeedData.load(importing: try directory.write("Tag.json", "[]"), now: .now())
        #expect(empty.records.isEmpty && empty.emptyClasses == ["Tag"])
    }

    @Test func aSeedFolder_hashesItsClearPasswords_asTheSeedDoes() throws {
        try FileManager.default.createDirectory(atPath: directory.path("seed"), withIntermediateDirectories: true)
        try directory.write("seed/_User.json", #"[{"username":"ada","password":"lovelace-1815"}]"#)
        let initial = try SeedData.load(importing: directory.path("seed"), now: .now())
        #expect(initial.records.first?.fields["password"] != "lovelace-1815")
        let server = try TestServer.start { $0.initialData[AppConfiguration.development.appId] = initial }
        #expect(try server.client().post("/1.1/login", json: ["username": "ada", "password": "lovelace-1815"]).status == 200)
    }

    @Test func badInput_isOneMessage_namingTheFile_theClassAndTheObject() throws {
        let missing = directory.path("missing.json")
        #expect(failure { _ = try SeedData.load(importing: missing, now: .now()) } == "\(missing): no such file or directory")
        let notJSON = try directory.write("Post.json", "{")
        #expect(failure { _ = try SeedData.load(importing: notJSON, now: .now()) }?.hasPrefix("\(notJSON): not valid JSON: ") == true)
        let badName = try directory.write("my-posts.json", "[]")
        #expect(failure { _ = try SeedData.load(importing: badName, now: .now()) }
            == "\(badName): 'my-posts' (from the file name) is not a class name: name the file <Class>.json, or give a document {\"classes\":{...}}")
        let badClass = try directory.write("a.json", #"{"classes":{"bad-name":{"results":[]}}}"#)
        #expect(failure { _ = try SeedData.load(importing: badClass, now: .now()) }
            == "\(badClass): invalid class name 'bad-name': a letter, then letters, digits or _")
        let badObject = try directory.write("b.json", #"{"classes":{"Post":{"results":[{"title":"ok"},{"objectId":"nothex"}]}}}"#)
        #expect(failure { _ = try SeedData.load(importing: badObject, now: .now()) }
            == "\(badObject): class Post: object 2: objectId 'nothex' is not 24 lowercase hex digits")
        let notAList = try directory.write("c.json", #"{"classes":{"Post":{"title":"ok"}}}"#)
        #expect(failure { _ = try SeedData.load(importing: notAList, now: .now()) }
            == "\(notAList): class Post: expected an array of objects or {\"results\":[...]}")
        let notAnObject = try directory.write("d.json", #"{"classes":["Post"]}"#)
        #expect(failure { _ = try SeedData.load(importing: notAnObject, now: .now()) }?.hasPrefix("\(notAnObject): \"classes\" must be an object") == true)
    }

    @Test func initialData_forADatabaseThatHasData_refusesToStart() throws {
        var configuration = EmulatorConfiguration()
        configuration.http.host = "127.0.0.1"
        configuration.http.port = 0
        configuration.dataDirectory = directory.path("data")
        configuration.logLevel = .warning
        try EmulatorServer(configuration: configuration).shutdown()  // creates the database
        configuration.initialData[AppConfiguration.development.appId] = SeedData()
        #expect(throws: InitialDataError.self) { _ = try EmulatorServer(configuration: configuration) }
    }
}
