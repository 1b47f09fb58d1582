import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

@Suite struct ImportTests {
    let directory: TemporaryDirectory
    let file: AppDataFile

    init() throws {
        directory = try TemporaryDirectory()
        file = try AppDataFile(appId: "import-app", dataDirectory: directory.path)
    }

    static let first: JSONObject = [
        "title": "first", "objectId": "65a1f0c0e4b0a1d2c3f50001", "createdAt": "2024-01-09T08:30:00.000Z",
        "updatedAt": "2024-01-10T08:30:00.000Z", "ACL": ["*": ["read": true]],
    ]
    static let second: JSONObject = ["title": "second", "objectId": "65a1f0c0e4b0a1d2c3f50002", "likes": 3]

    func failure(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return "\(error)" }
    }

    @Test func importObjects_keepsServerFields_andACL() throws {
        let report = try file.importObjects([Self.first], into: "Post")
        #expect(report == ImportReport(className: "Post", inserted: 1))
        let record = try #require(try file.exportRecords(className: "Post").first)
        #expect(record.objectId == "65a1f0c0e4b0a1d2c3f50001")
        #expect(record.createdAt.iso == "2024-01-09T08:30:00.000Z")
        #expect(record.updatedAt.iso == "2024-01-10T08:30:00.000Z")
        #expect(record.acl == ["*": ["read": true]])
        #expect(record.fields == ["title": "first"])
    }

    @Test func importObjects_generatesMissingServerFields() throws {
        try file.importObjects([["title": "bare"]], into: "Post")
        let record = try #require(try file.exportRecords(className: "Post").first)
        #expect(LCObjectId.isValid(record.objectId))
        #expect(record.updatedAt == record.createdAt)
        #expect(record.acl == nil)
    }

    @Test func importObjects_refusesAnExistingId_namingIt_andWritesNothing() throws {
        try file.importObjects([Self.second], into: "Post")
        let message = failure { try file.importObjects([Self.first, Self.second], into: "Post") }
        #expect(message == "object 2: objectId 65a1f0c0e4b0a1d2c3f50002 already exists in Post (use --replace to overwrite it)")
        #expect(try file.exportRecords(className: "Post").map(\.objectId) == ["65a1f0c0e4b0a1d2c3f50002"])
    }

    @Test func importObjects_withReplace_overwritesInPlace_keepingInsertionOrder() throws {
        try file.importObjects([Self.first, Self.second], into: "Post")
        var changed = Self.first
        changed["title"] = "first, edited"
        let report = try file.importObjects([changed], into: "Post", replace: true)
        #expect(report == ImportReport(className: "Post", replaced: 1))
        let records = try file.exportRecords(className: "Post")
        #expect(records.map { $0.fields["title"] } == ["first, edited", "second"])
    }

    @Test func importObjects_sameIdInOtherClass_isNoConflict() throws {
        try file.importObjects([Self.first], into: "Post")
        #expect(try file.importObjects([Self.first], into: "Draft").inserted == 1)
    }

    static let badObjects: [([JSONObject], String)] = [
        ([["objectId": "65a1f0c0e4b0a1d2c3f50001"], ["objectId": "65a1f0c0e4b0a1d2c3f50001"]],
         "object 2: objectId 65a1f0c0e4b0a1d2c3f50001 appears twice in the file"),
        ([["objectId": "nope"]], "object 1: objectId 'nope' is not 24 lowercase hex digits"),
        ([["objectId": 7]], "object 1: objectId must be a string, got 7"),
        ([["ok": 1], ["bad-name": 1]], "object 2: invalid field name 'bad-name': a letter, then letters, digits or _"),
        ([["__type": "Object"]], "object 1: invalid field name '__type': a letter, then letters, digits or _"),
        ([["ACL": "public"]], "object 1: ACL must be an object like {\"*\":{\"read\":true}}, got \"public\""),
        ([["createdAt": "yesterday"]], "object 1: bad date \"yesterday\""),
    ]

    @Test(arguments: badObjects)
    func importObjects_rejectsBadObjects_withTheirPosition(objects: [JSONObject], message: String) throws {
        #expect(failure { try file.importObjects(objects, into: "Post") } == message)
        #expect(try file.classNames().isEmpty)
    }

    @Test func importObjects_rejectsAnInvalidClassName() {
        #expect(failure { try file.importObjects([], into: "my-class") }
            == "invalid class name 'my-class': a letter, then letters, digits or _")
    }

    @Test func importJSONFile_readsBothShapes_andNamesTheFileInErrors() throws {
        let array = try directory.write("array.json", #"[{"title":"a"}]"#)
        let results = try directory.write("results.json", #"{"results":[{"title":"b"},{"title":"c"}]}"#)
        #expect(try file.importJSONFile(path: array, into: "Post").inserted == 1)
        #expect(try file.importJSONFile(path: results, into: "Post").inserted == 2)
        let broken = try directory.write("broken.json", #"[{"title":"#)
        #expect(failure { try file.importJSONFile(path: broken, into: "Post") }?.hasPrefix("\(broken): not valid JSON: ") == true)
        let wrong = try directory.write("wrong.json", #"[{"a-b":1}]"#)
        #expect(failure { try file.importJSONFile(path: wrong, into: "Post") }
            == "\(wrong): object 1 (line 1): invalid field name 'a-b': a letter, then letters, digits or _")
        #expect(failure { try file.importJSONFile(path: directory.path("none.json"), into: "Post") }
            == "\(directory.path("none.json")): no such file")
    }

    @Test func databaseCreatedByImport_isNotSeededByALaterServer() throws {
        try file.importObjects([Self.first], into: "Post")
        try file.close()
        let seed = try TemporaryDirectory()
        try seed.write("Post.json", #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"from the seed"}]"#)
        let emulator = try TestServer.start { configuration in
            configuration.dataDirectory = directory.path
            configuration.seedDirectory = seed.path
            configuration.apps = [AppConfiguration(appId: "import-app", appKey: "k", masterKey: "m")]
        }
        let record = try emulator.emulator.app("import-app")?.database.read { db in
            try ObjectStore.fetch(className: "Post", objectId: "65a1f0c0e4b0a1d2c3f50001", in: db)
        }
        #expect(record?.fields["title"] == "first")
    }

    @Test func runningServer_seesImportedObjects_atOnce() throws {
        try file.close()
        let emulator = try TestServer.start { configuration in
            configuration.dataDirectory = directory.path
            configuration.apps = [AppConfiguration(appId: "import-app", appKey: "k", masterKey: "m")]
        }
        let second = try AppDataFile(appId: "import-app", dataDirectory: directory.path)
        defer { try? second.close() }
        try second.importObjects([Self.second], into: "Post")
        let seen = try emulator.emulator.app("import-app")?.database.read { db in
            try ObjectStore.fetch(className: "Post", objectId: "65a1f0c0e4b0a1d2c3f50002", in: db)
        }
        #expect(seen?.fields["likes"] == 3)
    }
}
