import Foundation

/// The Swift code blocks of the project's documentation, and a check that each one appears
/// verbatim (line by line, indentation aside) in the test files that compile and run it.
enum DocSnippets {
    /// The repository's root, from this file's path (`Tests/EndToEndTests/DocExamples/…`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of a Markdown file under the root, each as its lines.
    static func swiftBlocks(of document: String) throws -> [[String]] {
        swiftBlocks(markdown: try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8))
    }

    /// The ```swift example of the `///` doc comments of a source file under the root.
    static func docCommentExample(in source: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(source), encoding: .utf8)
        let comment = text.components(separatedBy: "\n").filter { $0.hasPrefix("///") }.map { $0.dropFirst(3) }
        return swiftBlocks(markdown: comment.joined(separator: "\n")).first ?? []
    }

    static func swiftBlocks(markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            if current == nil, trimmed(line) == "```swift" {
                current = []
            } else if let block = current, trimmed(line) == "```" {
                blocks.append(block)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The joined text of the example test files, each line trimmed.
    static func exampleSources() throws -> [String] {
        let folder = root.appendingPathComponent("Tests/EndToEndTests/DocExamples")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        return try files.flatMap { name in
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                .components(separatedBy: "\n").map(trimmed)
        }
    }

    /// Whether the block's non-blank lines appear, consecutively, in `lines`.
    static func contains(_ block: [String], in lines: [String]) -> Bool {
        // `import` lines belong at the top of the test file, not in the function holding the rest.
        let wanted = block.map(trimmed).filter { !$0.isEmpty && !$0.hasPrefix("import ") }
        guard let first = wanted.first else { return true }
        let haystack = lines.filter { !$0.isEmpty }
        for start in haystack.indices where haystack[start] == first {
            if haystack[start...].prefix(wanted.count).elementsEqual(wanted) { return true }
        }
        return false
    }

    static func trimmed(_ line: String) -> String { line.trimmingCharacters(in: .whitespaces) }
}
