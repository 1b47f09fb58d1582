import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

/// Rejected objects: every one is reported with its position, line and LeanCloud's code; all or
/// nothing by default, the others written with `continueOnError`.
@Suite struct ImportRejectionTests {
    let directory: TemporaryDirectory
    let file: AppDataFile

    init() throws {
        directory = try TemporaryDirectory()
        file = try AppDataFile(appId: "rejections", dataDirectory: directory.path)
    }

    static let text = """
        {"results":[
        {"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"kept"},
        {"objectId":"65a1f0c0e4b0a1d2c3f50002","read-time":3},
        "not an object",
        {"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"again"},
        {"title":"public","ACL":"public"},
        {"objectId":"65a1f0c0e4b0a1d2c3f50009","title":"already there"},
        {"title":"fine"}
        ]}
        """

    static let expected = [
        ImportRejection(index: 2, line: 3, reason: "invalid field name 'read-time': a letter, then letters, digits or _", code: 105),
        ImportRejection(index: 3, line: 4, reason: "not an object: \"not an object\"", code: 107),
        ImportRejection(index: 4, line: 5, reason: "objectId 65a1f0c0e4b0a1d2c3f50001 appears twice in the file", code: 137),
        ImportRejection(index: 5, line: 6, reason: "ACL must be an object like {\"*\":{\"read\":true}}, got \"public\"", code: 123),
        ImportRejection(index: 6, line: 7,
                        reason: "objectId 65a1f0c0e4b0a1d2c3f50009 already exists in Post (use --replace to overwrite it)", code: 137),
    ]

    func prepare() throws -> String {
        try file.importObjects([["objectId": "65a1f0c0e4b0a1d2c3f50009", "title": "before"]], into: "Post")
        return try directory.write("posts.json", Self.text)
    }

    @Test func allOrNothing_listsEveryRejection_andChangesNothing() throws {
        let path = try prepare()
        let before = try file.export(className: "Post")
        #expect {
            try file.importJSONFile(path: path, into: "Post")
        } throws: { error in
            let rejected = error as? ImportRejectedError
            return rejected?.rejections == Self.expected && rejected?.total == 7 && rejected?.file == path
                && "\(error)" == "\(path): object 2 (line 3): invalid field name 'read-time': a letter, then letters, digits or _ (and 4 more rejected)"
        }
        #expect(try file.export(className: "Post") == before)
    }

    @Test func continueOnError_writesTheOthers_andReportsTheRejected() throws {
        let path = try prepare()
        var seen: [Int] = []
        let report = try file.importJSONFile(path: path, into: "Post", options: ImportOptions(continueOnError: true)) { seen.append($0) }
        #expect(report.inserted == 2 && report.rejected == Self.expected)
        #expect(seen == [1, 2, 3])  // the three checked objects went to the database, one was there already
        #expect(try file.exportRecords(className: "Post").map { $0.fields["title"] } == ["before", "kept", "fine"])
    }

    @Test func listing_namesLeanCloudsCode() {
        #expect(Self.expected[0].listing
            == "object 2 (line 3): invalid field name 'read-time': a letter, then letters, digits or _ (LeanCloud code 105)")
        #expect(ImportRejection(index: 1, reason: "bad date \"x\"").listing == "object 1: bad date \"x\"")
    }

    @Test func aFailureInsideTheTransaction_rollsBackEverything() throws {
        // The last object collides with a row only the database knows: found while writing.
        try file.importObjects([["objectId": "65a1f0c0e4b0a1d2c3f50009"]], into: "Post")
        let objects: [JSONObject] = (1...50).map { ["n": .number(Double($0))] } + [["objectId": "65a1f0c0e4b0a1d2c3f50009"]]
        #expect(throws: ImportRejectedError.self) { try file.importObjects(objects, into: "Post") }
        #expect(try file.exportRecords(className: "Post").count == 1)
    }

    /// A file whose second object is over the store's object size limit (a title of 16 MB).
    func oversizedFile() throws -> String {
        let big = String(repeating: "x", count: ObjectStore.maxObjectBytes)
        return try directory.write("oversized.json", """
            {"results":[
            {"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"small"},
            {"objectId":"65a1f0c0e4b0a1d2c3f50002","title":"\(big)"},
            {"objectId":"65a1f0c0e4b0a1d2c3f50003","title":"small too"}
            ]}
            """)
    }

    static let oversized = ImportRejection(
        index: 2, line: 3, reason: "the object is larger than 16 MB (its fields and ACL serialized; LeanCloud's limit)", code: 116)

    @Test func anObjectOverTheSizeLimit_isRejected_withItsLine_andNothingElseIsLost() throws {
        let path = try oversizedFile()
        try file.importObjects([["objectId": "65a1f0c0e4b0a1d2c3f50009", "title": "before"]], into: "Post")
        let before = try file.export(className: "Post")
        #expect {
            try file.importJSONFile(path: path, into: "Post")
        } throws: { error in
            (error as? ImportRejectedError)?.rejections == [Self.oversized]
                && "\(error)" == "\(path): object 2 (line 3): the object is larger than 16 MB (its fields and ACL serialized; LeanCloud's limit)"
        }
        #expect(try file.export(className: "Post") == before)
        #expect(Self.oversized.listing.hasSuffix("LeanCloud's limit) (LeanCloud code 116)"))

        let report = try file.importJSONFile(path: path, into: "Post", options: ImportOptions(continueOnError: true))
        #expect(report.inserted == 2 && report.rejected == [Self.oversized])
        #expect(try file.exportRecords(className: "Post").map { $0.fields["title"] } == ["before", "small", "small too"])
    }

    @Test func anObjectOverTheSizeLimit_doesNotReplaceTheStoredOne() throws {
        try file.importObjects([["objectId": "65a1f0c0e4b0a1d2c3f50002", "title": "stored"]], into: "Post")
        let report = try file.importJSONFile(path: try oversizedFile(), into: "Post",
                                             options: ImportOptions(replace: true, continueOnError: true))
        #expect(report.inserted == 2 && report.replaced == 0 && report.rejected == [Self.oversized])
        #expect(try file.exportRecords(className: "Post").map { $0.fields["title"] } == ["stored", "small", "small too"])
    }

    @Test func anObjectOverTheSizeLimit_isListed_besideTheFilesOtherRejections() throws {
        let big = String(repeating: "x", count: ObjectStore.maxObjectBytes)
        let path = try directory.write("both.json", """
            [{"read-time":3},
            {"title":"\(big)"}]
            """)
        #expect {
            try file.importJSONFile(path: path, into: "Post")
        } throws: { error in
            (error as? ImportRejectedError)?.rejections.map { "\($0.index) \($0.line ?? 0) \($0.code ?? 0)" } == ["1 1 105", "2 2 116"]
        }
        #expect(try file.classNames().isEmpty)
    }
}
