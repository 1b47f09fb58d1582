import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

/// Import files are JSON read as strictly as request bodies: text that could only be
/// stored as another value is refused with its byte, and nothing is imported.
@Suite struct StrictImportTests {
    @Test(arguments: [
        ("surrogate.json", #"[{"title":"\ud800"}]"#, "Lone surrogate in \\u escape at byte 11"),
        ("huge.json", #"[{"n":1e400}]"#, "Number out of range at byte 6"),
    ])
    func importJSONFile_refusesUnrepresentableText(name: String, text: String, problem: String) throws {
        let directory = try TemporaryDirectory()
        let file = try AppDataFile(appId: "strict-import", dataDirectory: directory.path)
        let path = try directory.write(name, text)
        do {
            _ = try file.importJSONFile(path: path, into: "Post")
            Issue.record("imported \(name)")
        } catch {
            #expect("\(error)" == "\(path): not valid JSON: \(problem)")
        }
        #expect(try file.classNames().isEmpty)
    }

    @Test func importJSONFile_refusesInvalidUTF8() throws {
        let directory = try TemporaryDirectory()
        let file = try AppDataFile(appId: "strict-import", dataDirectory: directory.path)
        let path = directory.path("latin1.json")
        try Data(Array(#"[{"title":"caf"#.utf8) + [0xE9] + Array(#""}]"#.utf8)).write(to: URL(fileURLWithPath: path))
        do {
            _ = try file.importJSONFile(path: path, into: "Post")
            Issue.record("imported invalid UTF-8")
        } catch {
            #expect("\(error)" == "\(path): not valid JSON: Invalid UTF-8 at byte 14")
        }
    }
}
