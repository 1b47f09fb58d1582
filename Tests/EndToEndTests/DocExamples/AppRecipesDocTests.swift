import EmuTestSupport
import EmuHTTP
import Foundation
import LCWire
import Testing

/// The five app recipes that open docs/custom-backends.md, run: each recipe's serve line starts
/// the real binary with that app's `lcemu.json` (and nothing else but the test's port and an
/// in-memory database), and every `curl` of the recipe answers the JSON shown under it.
@Suite struct AppRecipesDocTests {
    static let document = "docs/custom-backends.md"
    static let apps = ["leancloud-blog", "uuid-login", "merchant-feedback", "huaban-oauth", "coding-captcha"]

    /// The markdown of the five recipes: from their section's heading to the next `## `.
    static func recipesSection() throws -> String {
        let markdown = try String(contentsOf: DocSnippets.root.appendingPathComponent(document), encoding: .utf8)
        let start = try #require(markdown.range(of: "## Five real apps, each served by one config file\n"))
        let rest = markdown[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The recipe whose serve line names `app`: its `### ` subsection.
    static func recipe(_ app: String) throws -> String {
        let subsections = try recipesSection().components(separatedBy: "\n### ")
        let serveLine = "lcemu serve --config examples/apps/\(app)/lcemu.json"
        return try #require(subsections.first { $0.contains(serveLine) }, "no recipe serves \(app)")
    }

    @Test func everyApp_hasARecipe_andItsREADME_theSameServeLine() throws {
        for app in Self.apps {
            let serveLine = "lcemu serve --config examples/apps/\(app)/lcemu.json"
            let recipe = try Self.recipe(app)
            #expect(DocCurlExamples.pairs(recipe).count >= 2, "\(app): fewer than two curls with answers")
            let readme = try String(contentsOf: DocSnippets.root.appendingPathComponent("examples/apps/\(app)/README.md"), encoding: .utf8)
            #expect(readme.contains(serveLine), "\(app)/README.md")
        }
    }

    @Test(arguments: apps)
    func everyCurlOfTheRecipe_answersTheJSONShown(app: String) async throws {
        let server = try await ExampleApp.serve(app)
        let client = server.client(credentials: .none)
        for example in DocCurlExamples.pairs(try Self.recipe(app)) {
            let response = try await RunningBinary.offThePool { try example.send(with: client) }
            let actual = try #require(response.json, "\(example.command): \(response.text)")
            #expect(DocCurlExamples.matches(actual, shown: example.expected), "\(example.command)\n→ \(response.text)")
        }
    }
}
