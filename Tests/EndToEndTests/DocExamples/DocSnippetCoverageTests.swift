import Testing

/// Every Swift snippet of docs/client.md, docs/testing.md, docs/functions.md and docs/custom-backends.md, and the example of
/// `EmuTesting.Emulator`'s doc comment, is copied verbatim into a test of this folder, which
/// compiles it and (for most) runs it: an example that stops compiling fails the build.
struct DocSnippetCoverageTests {
    /// Blocks that are not Swift statements a test can hold: `Package.swift` fragments.
    static let notCode = ["// Package.swift"]

    @Test(arguments: ["docs/client.md", "docs/testing.md", "docs/functions.md", "docs/custom-backends.md"])
    func everySwiftBlock_isInAnExampleTest(document: String) throws {
        let sources = try DocSnippets.exampleSources()
        let blocks = try DocSnippets.swiftBlocks(of: document)
        #expect(!blocks.isEmpty)
        for block in blocks where !Self.notCode.contains(where: { block.first?.hasPrefix($0) == true }) {
            let covered = DocSnippets.contains(block, in: sources)
            #expect(covered, "not in Tests/EndToEndTests/DocExamples:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func theEmulatorDocCommentExample_isInAnExampleTest() throws {
        let example = try DocSnippets.docCommentExample(in: "Sources/EmuTesting/Emulator.swift")
        #expect(example.count > 5)
        let covered = DocSnippets.contains(example, in: try DocSnippets.exampleSources())
        #expect(covered, "not in Tests/EndToEndTests/DocExamples:\n\(example.joined(separator: "\n"))")
    }
}
