import EmuTestSupport
import EmuHTTP
import EmuTesting
import Foundation
import LCClient
import Testing

/// docs/statuses.md: every curl example answers the JSON shown after it, run in order on an app
/// where alice and bob signed up and bob follows alice; every Swift block (and the examples of
/// `LCStatus`'s and `LCInbox`'s doc comments) is copied here verbatim and runs.
struct StatusDocExampleTests {
    static let document = "docs/statuses.md"

    @Test func everyCurl_answersTheJSONShown() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient(credentials: .none)
        let keys: HTTPHeaders = ["X-LC-Id": emulator.app.appId, "X-LC-Key": emulator.app.appKey, "Content-Type": "application/json"]
        var names: [String: String] = [:]
        for user in ["alice", "bob"] {
            let answer = try client.send("POST", "/1.1/users", body: Array(#"{"username":"\#(user)","password":"secret-1"}"#.utf8),
                                         headers: keys).json
            names["<\(user)>"] = try #require(answer?["objectId"]?.stringValue)
            names["<\(user)-token>"] = try #require(answer?["sessionToken"]?.stringValue)
        }
        var follow = keys
        follow.set("X-LC-Session", names["<bob-token>"] ?? "")
        #expect(try client.send("POST", "/1.1/users/self/friendship/\(names["<alice>"] ?? "")", headers: follow).status == 200)

        let markdown = try String(contentsOf: DocSnippets.root.appendingPathComponent(Self.document), encoding: .utf8)
        let examples = DocCurlExamples.pairs(markdown)
        #expect(examples.count >= 14)
        for example in examples {
            let response = try Self.send(Self.substituted(example.command, names), with: client)
            let actual = try #require(response.json, "\(example.command): \(response.text)")
            let shown = Self.substituted(example.expected, names)
            #expect(DocCurlExamples.matches(actual, shown: shown), "\(example.command)\n→ \(response.text)")
            if names["<post>"] == nil, let id = actual["objectId"]?.stringValue { names["<post>"] = id }
        }
    }

    @Test func everySwiftBlock_isInThisFile() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
            .components(separatedBy: "\n").map(DocSnippets.trimmed)
        var blocks = try DocSnippets.swiftBlocks(of: Self.document)
        #expect(blocks.count == 1)
        blocks.append(try DocSnippets.docCommentExample(in: "Sources/LCClient/Statuses/LCStatus.swift"))
        blocks.append(try DocSnippets.docCommentExample(in: "Sources/LCClient/Statuses/LCInbox.swift"))
        for block in blocks {
            #expect(block.count > 3 && DocSnippets.contains(block, in: source), "not in this file:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func theSwiftExample_runs() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let (alice, bob) = try await Self.aliceAndHerFollowerBob(in: app)
        app.setCurrentUser(alice)
        let post = try await LCStatus.sendToFollowers(["message": "hello"], in: app)
        let secret = try await LCStatus.sendPrivately(["message": "psst"], to: bob.pointer, in: app)

        app.setCurrentUser(bob)
        let timeline = LCInbox(owner: bob.pointer)
        let newest = try await timeline.statuses(limit: 20, in: app)
        let older = try await timeline.statuses(maxId: (newest.last?.messageId ?? 1) - 1, in: app)
        let (total, unread) = try await timeline.counts(in: app)
        try await timeline.resetUnreadCount(in: app)
        let privateMessages = try await LCInbox(owner: bob.pointer, type: "private").statuses(in: app)

        app.setCurrentUser(alice)
        try await post.delete(in: app)
        #expect(newest.map(\.objectId) == [post.objectId] && older.isEmpty && total == 1 && unread == 1)
        #expect(privateMessages.map(\.objectId) == [secret.objectId])
        #expect(try await LCInbox(owner: alice.pointer).statuses(in: app).isEmpty)
    }

    @Test func theDocCommentExamples_run() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let (alice, bob) = try await Self.aliceAndHerFollowerBob(in: app)
        do {
            app.setCurrentUser(alice)
            let post = try await LCStatus.sendToFollowers(["message": "hello"], in: app)
            let secret = try await LCStatus.sendPrivately(["message": "psst"], to: bob.pointer, in: app)
            try await post.delete(in: app)
            #expect(secret.inboxType == "private")
        }
        _ = try await LCStatus.sendToFollowers(["message": "again"], in: app)
        app.setCurrentUser(bob)
        let timeline = LCInbox(owner: bob.pointer)
        let newest = try await timeline.statuses(limit: 20, in: app)
        let older = try await timeline.statuses(maxId: (newest.last?.messageId ?? 1) - 1, in: app)
        let (total, unread) = try await timeline.counts(in: app)
        try await timeline.resetUnreadCount(in: app)
        #expect(newest.map(\.messageId) == [2] && older.isEmpty && total == 1 && unread == 1)
        #expect(try await timeline.counts(in: app) == (1, 0))
    }

    /// alice, and bob who follows her; bob is the current user.
    static func aliceAndHerFollowerBob(in app: LCApplication) async throws -> (LCUser, LCUser) {
        let alice = try await LCUser.signUp(username: "alice", password: "secret-1", in: app)
        let bob = try await LCUser.signUp(username: "bob", password: "secret-1", in: app)
        _ = try await app.request("POST", "/1.1/users/self/friendship/\(alice.objectId)")
        return (alice, bob)
    }

    static func substituted(_ text: String, _ names: [String: String]) -> String {
        names.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
    }

    static func substituted(_ json: JSON, _ names: [String: String]) -> JSON {
        switch json {
        case .string(let text): return .string(substituted(text, names))
        case .array(let items): return .array(items.map { substituted($0, names) })
        case .object(let object):
            var copy = object
            for (key, value) in object { copy[key] = substituted(value, names) }
            return .object(copy)
        default: return json
        }
    }

    /// Sends `curl [-G] [-X M] [-H 'h: v'] [-d 'body'] [--data-urlencode 'k=v'] URL` as curl would:
    /// with `-G`, the `--data-urlencode` pairs go in the query string.
    static func send(_ command: String, with client: TestClient) throws -> TestClient.Response {
        var method = "GET", path = "", body = "", query: [String] = [], headers: HTTPHeaders = [:], asQuery = false
        var words = DocCurlExamples(command: command, expected: nil).words.dropFirst()[...]
        while let word = words.popFirst() {
            switch word {
            case "-G": asQuery = true
            case "-X": method = words.popFirst() ?? method
            case "-H":
                let parts = (words.popFirst() ?? "").split(separator: ":", maxSplits: 1)
                headers.set(String(parts[0]), String(parts.count > 1 ? parts[1] : "").trimmingCharacters(in: .whitespaces))
            case "-d":
                body = words.popFirst() ?? ""
                if method == "GET" { method = "POST" }
            case "--data-urlencode":
                let pair = (words.popFirst() ?? "").split(separator: "=", maxSplits: 1)
                query.append("\(pair[0])=\(encoded(String(pair.count > 1 ? pair[1] : "")))")
            default:
                if let range = word.range(of: "127.0.0.1:3000") { path = String(word[range.upperBound...]) }
            }
        }
        #expect(query.isEmpty || asQuery, "\(command): --data-urlencode without -G")
        let target = query.isEmpty ? path : path + "?" + query.joined(separator: "&")
        return try client.send(method, target, body: Array(body.utf8), headers: headers)
    }
}
