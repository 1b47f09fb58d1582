import EmuTestSupport
import Foundation
import Testing

/// docs/cloud-code.md's Node recipe (`server.js`, with the `leanengine` package). It cannot run
/// here: the npm registry is out of reach, so neither `leanengine` nor `express` can be
/// installed. What can be checked is checked: the file is valid JavaScript (`node --check`, when
/// `node` is installed; skipped otherwise, saying so) and reads the keys from the variables the
/// page names.
struct NodeRecipeDocTests {
    /// The ```js block that starts with `// server.js`.
    static func recipe() throws -> String {
        let page = try String(contentsOf: DocSnippets.root.appendingPathComponent("docs/cloud-code.md"), encoding: .utf8)
        let start = try #require(page.range(of: "```js\n// server.js\n"))
        let end = try #require(page.range(of: "```", range: start.upperBound..<page.endIndex))
        return "// server.js\n" + page[start.upperBound..<end.lowerBound]
    }

    /// `node` on the PATH, if any.
    static let node = executableOnPath("node")

    @Test func theRecipe_readsTheKeysFromTheVariablesThePageNames() throws {
        let recipe = try Self.recipe()
        for variable in ["LEANCLOUD_APP_ID", "LEANCLOUD_APP_KEY", "LEANCLOUD_APP_MASTER_KEY", "LEANCLOUD_APP_HOOK_KEY"] {
            #expect(recipe.contains("process.env.\(variable)"), "\(variable)")
        }
        #expect(recipe.contains("require('leanengine')"))
    }

    @Test(.enabled(if: node != nil, "node is not installed here: the Node recipe's syntax is not checked (skipped)"))
    func theRecipe_isValidJavaScript() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("server.js", try Self.recipe())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.node))
        process.arguments = ["--check", file]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(said)")
    }
}
