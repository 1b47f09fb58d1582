import EmuTestSupport
import EmuTesting
import Foundation
import LCClient
import Testing

/// docs/push.md, run: every `curl` in page order against a fresh binary (each answers the JSON
/// shown under it), and its Swift examples verbatim, through LCClient and EmuTesting.
@Suite struct PushDocTests {
    static let document = "docs/push.md"

    @Test func everyCurlOfThePage_answersTheJSONShown_inOrder() async throws {
        let markdown = try String(contentsOf: DocSnippets.root.appendingPathComponent(Self.document), encoding: .utf8)
        let examples = DocCurlExamples.pairs(markdown)
        #expect(examples.count == 10)
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", ":memory:"])
        let client = server.client(credentials: .none)
        for example in examples {
            let response = try await RunningBinary.offThePool { try example.send(with: client) }
            let actual = try #require(response.json, "\(example.command): \(response.text)")
            #expect(DocCurlExamples.matches(actual, shown: example.expected), "\(example.command)\n→ \(response.text)")
        }
    }

    @Test func everySwiftBlock_isInThisFile() throws {
        let blocks = try DocSnippets.swiftBlocks(of: Self.document)
        #expect(blocks.count == 2)
        let sources = try DocSnippets.exampleSources()
        for block in blocks {
            #expect(DocSnippets.contains(block, in: sources), "not in an example test:\n\(block.joined(separator: "\n"))")
        }
    }

    /// The iOS app's registration and the test's reading of the outbox, end to end.
    @Test func anAppsInstallation_receivesAChannelPush() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let installation = try await LCInstallation.save(hexDeviceToken: "0a1b2c3d4e5f", channels: ["news"], in: app)
        #expect(installation.objectId != nil && installation.createdAt != nil)
        let again = try await LCInstallation.save(deviceToken: Data([0x0a, 0x1b, 0x2c, 0x3d, 0x4e, 0x5f]), channels: ["news"],
                                                  fields: ["badge": 2], in: app)
        #expect(again.objectId == installation.objectId)
        #expect(again.updatedAt != nil)
        _ = try await app.request("POST", "/1.1/push", body: ["channels": ["news"], "data": ["alert": "Hello", "badge": "Increment"]])

        let pushes = try await emulator.outbox.pushes()
        let toPhone = try await emulator.outbox.pushes(toDevice: "0a1b2c3d4e5f")
        #expect(toPhone.first?.reasons == ["channel \"news\""])

        #expect(pushes.count == 1 && pushes.first?.status == "sent" && pushes.first?.text == "Hello")
        #expect(toPhone.first?.data == ["alert": "Hello", "badge": 3])
        #expect(toPhone.first?.prod == "prod")
        #expect(try await emulator.outbox.pushes(toDevice: "other").isEmpty)
    }
}
