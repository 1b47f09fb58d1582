import EmuTestSupport
import EmuTesting
import Foundation
import LCClient
import Testing

/// docs/messages.md, run: every `curl` in page order against a fresh binary, the ids of the two
/// conversations it creates put in place of `<conversation>` and `<system>`; and the EmuTesting
/// reading of the outbox it names.
@Suite struct MessagesDocTests {
    static let document = "docs/messages.md"

    @Test func everyCurlOfThePage_answersTheJSONShown_inOrder() async throws {
        let markdown = try String(contentsOf: DocSnippets.root.appendingPathComponent(Self.document), encoding: .utf8)
        let examples = DocCurlExamples.pairs(markdown)
        #expect(examples.count == 6)
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", ":memory:"])
        let client = server.client(credentials: .none)
        var placeholders = ["<conversation>", "<system>"][...]
        var ids: [String: String] = [:]
        for shown in examples {
            var command = shown.command
            for (placeholder, id) in ids { command = command.replacingOccurrences(of: placeholder, with: id) }
            let example = DocCurlExamples(command: command, expected: shown.expected)
            let response = try await RunningBinary.offThePool { try example.send(with: client) }
            let actual = try #require(response.json, "\(command): \(response.text)")
            #expect(DocCurlExamples.matches(actual, shown: example.expected), "\(command)\n→ \(response.text)")
            if command.contains("/1.1/classes/_Conversation"), let id = actual["objectId"]?.stringValue,
               let placeholder = placeholders.popFirst() {
                ids[placeholder] = id
            }
        }
        #expect(ids.count == 2)
    }

    @Test func chatMessages_readTheOutbox() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let created = try await app.request("POST", "/1.1/classes/_Conversation", body: ["name": "chat", "m": ["alice", "bob"]],
                                            options: .master)
        let conversation = try #require(created["objectId"]?.stringValue)
        _ = try await app.request("POST", "/1.1/rtm/messages", body: ["from_peer": "alice", "conv_id": .string(conversation),
                                                                      "message": "hello"], options: .master)
        let messages = try await emulator.outbox.chatMessages(conversation: conversation)
        #expect(messages.map(\.text) == ["hello"])
        #expect(messages.first?.recipients == ["bob"] && messages.first?.from == "alice" && messages.first?.purpose == "message")
        #expect(try await emulator.outbox.chatMessages(conversation: "other").isEmpty)
    }
}
