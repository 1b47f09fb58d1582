import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

@Suite struct ExportTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func open(_ name: String = "data", create: Bool = true) throws -> AppDataFile {
        try AppDataFile(appId: "export-app", dataDirectory: directory.path(name), create: create)
    }

    static let objects: [JSONObject] = [
        ["objectId": "65a1f0c0e4b0a1d2c3f50002", "title": "inserted first", "createdAt": "2024-02-01T00:00:00.000Z",
         "tags": ["a", "b"], "ACL": ["*": ["read": true]]],
        ["objectId": "65a1f0c0e4b0a1d2c3f50001", "title": "inserted second", "createdAt": "2024-01-01T00:00:00.000Z",
         "when": ["__type": "Date", "iso": "2024-03-01T00:00:00.000Z"], "nested": ["deep": [1, 2.5, nil, false]]],
    ]

    @Test func export_writesResults_inInsertionOrder_inWireForm_withACL() throws {
        let file = try open()
        try file.importObjects(Self.objects, into: "Post")
        let json = try JSONParser.parse(file.export(className: "Post"))
        let results = try #require(json["results"]?.arrayValue)
        #expect(results.map { $0["title"] } == ["inserted first", "inserted second"])
        #expect(results[0] == .object([
            "title": "inserted first", "tags": ["a", "b"], "objectId": "65a1f0c0e4b0a1d2c3f50002",
            "createdAt": "2024-02-01T00:00:00.000Z", "updatedAt": "2024-02-01T00:00:00.000Z", "ACL": ["*": ["read": true]],
        ]))
        #expect(results[1]["ACL"] == nil)
    }

    @Test func export_putsOneObjectPerLine() throws {
        let file = try open()
        try file.importObjects(Self.objects, into: "Post")
        let text = String(decoding: try file.export(className: "Post"), as: UTF8.self)
        #expect(text.split(separator: "\n").count == 4)
        #expect(text.hasPrefix("{\"results\":[\n{") && text.hasSuffix("}\n]}\n"))
    }

    @Test func export_ofAnEmptyClass_isAnEmptyList() throws {
        let file = try open()
        try file.importObjects([], into: "Empty")
        #expect(String(decoding: try file.export(className: "Empty"), as: UTF8.self) == "{\"results\":[]}\n")
    }

    @Test func export_ofAnUnknownClass_listsTheKnownOnes() throws {
        let file = try open()
        #expect(throws: TransferError("no class 'Post' in app export-app (it has no classes)")) {
            try file.export(className: "Post")
        }
        try file.importObjects([["a": 1]], into: "Post")
        try file.importObjects([["a": 1]], into: "Comment")
        #expect(throws: TransferError("no class 'Pots' in app export-app (classes: Comment, Post)")) {
            try file.export(className: "Pots")
        }
    }

    @Test func open_withoutCreate_refusesAMissingDatabase_andCreatesNothing() throws {
        let data = directory.path("typo")
        #expect(throws: TransferError("no database for app export-app in \(data) (expected \(data)/export-app.sqlite3)")) {
            try open("typo", create: false)
        }
        #expect(!FileManager.default.fileExists(atPath: data))
    }

    @Test func open_refusesMemory() {
        #expect(throws: TransferError("--data :memory: holds nothing between runs; name a directory")) {
            try AppDataFile(appId: "x", dataDirectory: ":memory:")
        }
    }

    @Test func roundTrip_exportThenImportIntoAFreshDirectory_givesIdenticalObjects() throws {
        let source = try open("source")
        try source.importObjects(Self.objects + [["title": "generated id"]], into: "Post")
        let exported = try source.export(className: "Post")
        let file = try directory.write("Post.json", String(decoding: exported, as: UTF8.self))

        let target = try open("target")
        #expect(try target.importJSONFile(path: file, into: "Post").inserted == 3)
        #expect(try target.exportRecords(className: "Post") == source.exportRecords(className: "Post"))
        #expect(try target.export(className: "Post") == exported)
    }
}
