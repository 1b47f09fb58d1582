import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

/// Progress, rejections and all-or-nothing through the real binary. Its standard error is a pipe
/// here, not a terminal: by default only the summary line, `--progress` forces the drawing.
@Suite struct TransferProgressCommandTests {
    let directory: TemporaryDirectory
    var data: String { directory.path("data") }

    init() throws { directory = try TemporaryDirectory() }

    /// `count` objects in export form, one per line.
    func objects(_ count: Int) throws -> String {
        let lines = (1...count).map { #"{"title":"post \#($0)","rank":\#($0)}"# }
        return try directory.write("Post.json", "{\"results\":[\n" + lines.joined(separator: ",\n") + "\n]}\n")
    }

    @Test func notATerminal_printsOnlyTheSummaryLine() async throws {
        let file = try objects(3000)
        let imported = try await RunningBinary.runAsync(["import", file, "--data", data])
        #expect(imported.termination == .exited(0))
        #expect(imported.error == "lcemu: imported 3000 objects into Post (app lcemu-dev-app-id)\n" + ImportSeedNote.line())
        let exported = try await RunningBinary.runAsync(["export", "--class", "Post", "--out", directory.path("out.json"), "--data", data])
        #expect(exported.error == "lcemu: exported 3000 objects of Post (app lcemu-dev-app-id) to \(directory.path("out.json"))\n")
    }

    @Test func forcedProgress_drawsABarInPlace_thenErasesItForTheSummary() async throws {
        let file = try objects(3000)
        let imported = try await RunningBinary.runAsync(["import", file, "--data", data, "--progress"])
        #expect(imported.termination == .exited(0))
        #expect(imported.error.hasPrefix("\rimporting ["))
        #expect(imported.error.contains("] 100%  3000/3000 objects"))
        #expect(imported.error.hasSuffix("\r\u{1B}[Klcemu: imported 3000 objects into Post (app lcemu-dev-app-id)\n" + ImportSeedNote.line()))
        let exported = try await RunningBinary.runAsync(["export", "--class", "Post", "--out", directory.path("o.json"), "--data", data, "--progress"])
        #expect(exported.error.hasPrefix("\rexporting [") && exported.error.contains("100%  3000/3000 objects"))
        let quiet = try await RunningBinary.runAsync(["export", "--class", "Post", "--out", directory.path("q.json"), "--data", data, "--no-progress"])
        #expect(quiet.errorLines.count == 1 && !quiet.error.contains("\r"))
    }

    @Test func theEnvironment_forcesProgress_andTheOptionWins() async throws {
        let file = try objects(10)
        let forced = try await RunningBinary.runAsync(["import", file, "--data", data], environment: ["LCEMU_PROGRESS": "1"])
        #expect(forced.error.hasPrefix("\rimporting [") && forced.error.contains("100%  10/10 objects"))
        let off = try await RunningBinary.runAsync(["export", "--class", "Post", "--out", directory.path("o.json"), "--data", data,
                                                    "--no-progress"], environment: ["LCEMU_PROGRESS": "1"])
        #expect(off.errorLines.count == 1 && !off.error.contains("\r"))
    }

    static let mixed = """
        [
        {"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"good"},
        {"title":"bad","read-time":3},
        {"title":"also good"},
        {"title":"bad ACL","ACL":true}
        ]
        """

    @Test func rejectedRows_areListedWithTheirLines_andNothingIsImported() async throws {
        let file = try directory.write("Post.json", Self.mixed)
        let outcome = try await RunningBinary.runAsync(["import", file, "--data", data])
        #expect(outcome.termination == .exited(1))
        #expect(outcome.errorLines == [
            "lcemu: \(file): object 2 (line 3): invalid field name 'read-time': a letter, then letters, digits or _ (LeanCloud code 105)",
            "lcemu: \(file): object 4 (line 5): ACL must be an object like {\"*\":{\"read\":true}}, got true (LeanCloud code 123)",
            "lcemu: \(file): 2 of 4 objects rejected; nothing was imported (--continue-on-error imports the others)",
        ])
        let export = try await RunningBinary.runAsync(["export", "--class", "Post", "--data", data])
        #expect(export.termination == .exited(1))  // not even the class: the database is as it was
        #expect(export.error.hasPrefix("lcemu: no class 'Post' in app lcemu-dev-app-id"))
    }

    @Test func continueOnError_importsTheOthers_listsTheRejected_andExits3() async throws {
        let file = try directory.write("Post.json", Self.mixed)
        let outcome = try await RunningBinary.runAsync(["import", file, "--data", data, "--continue-on-error"])
        #expect(outcome.termination == .exited(3))
        #expect(outcome.errorLines.count == 4)
        #expect(outcome.errorLines[2] == "lcemu: imported 2 objects into Post (app lcemu-dev-app-id); 2 rejected")
        #expect(outcome.errorLines.last.map { String($0) + "\n" } == ImportSeedNote.line())
        let export = try await RunningBinary.runAsync(["export", "--class", "Post", "--data", data])
        let titles = try JSONParser.parse(export.output)["results"]?.arrayValue?.map { $0["title"] }
        #expect(titles == ["good", "also good"])
    }

    @Test func atMost100Rejections_areListed_thenHowManyMore() async throws {
        let lines = (1...150).map { #"{"bad-\#($0)":1}"# } + [#"{"fine":1}"#]
        let file = try directory.write("Post.json", "[\n" + lines.joined(separator: ",\n") + "\n]")
        let outcome = try await RunningBinary.runAsync(["import", file, "--data", data])
        #expect(outcome.termination == .exited(1))
        #expect(outcome.errorLines.count == 102)
        #expect(outcome.errorLines[99].hasPrefix("lcemu: \(file): object 100 (line 101): invalid field name 'bad-100'"))
        #expect(outcome.errorLines[100] == "lcemu: \(file): … and 50 more rejected objects")
        #expect(outcome.errorLines[101] == "lcemu: \(file): 150 of 151 objects rejected; nothing was imported (--continue-on-error imports the others)")
    }

    @Test func continueOnError_withNothingRejected_exits0() async throws {
        let file = try objects(2)
        let outcome = try await RunningBinary.runAsync(["import", file, "--data", data, "--continue-on-error"])
        #expect(outcome.termination == .exited(0) && outcome.errorLines.count == 2)
        #expect(outcome.errorLines.last.map { String($0) + "\n" } == ImportSeedNote.line())
    }
}
