import EmuTestSupport
import EmuHTTP
import EmuTesting
import LCWire

/// The `curl` examples of a page, each with the JSON block that follows it, and what it takes to
/// run one: the single-quoted words of `curl [-X M] [-H 'h: v'] [-d 'body'] URL`.
struct DocCurlExamples {
    let command: String
    let expected: JSON

    static func blocks(_ markdown: String, language: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```\(language)" {
                current = []
            } else if let block = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(block)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Every ```sh block holding `curl`, paired with the ```json block right after it.
    static func pairs(_ markdown: String) -> [DocCurlExamples] {
        var found: [DocCurlExamples] = []
        var pending: String?
        var inBlock: String?
        var lines: [String] = []
        for line in markdown.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inBlock == nil, trimmed.hasPrefix("```"), trimmed.count > 3 {
                inBlock = String(trimmed.dropFirst(3))
                lines = []
            } else if let language = inBlock, trimmed == "```" {
                let text = lines.joined(separator: "\n")
                if language == "sh" { pending = text.hasPrefix("curl") ? text : nil }
                if language == "json", let command = pending, let json = try? JSONParser.parse(Array(text.utf8)) {
                    found.append(DocCurlExamples(command: command, expected: json))
                    pending = nil
                }
                inBlock = nil
            } else if inBlock != nil {
                lines.append(line)
            }
        }
        return found
    }

    /// The command's words: single quotes group, `\` + newline continues.
    var words: [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in command.replacingOccurrences(of: "\\\n", with: " ") {
            if character == "'" { quoted.toggle(); started = true; continue }
            if !quoted && character.isWhitespace {
                if started { words.append(current) }
                current = ""
                started = false
                continue
            }
            current.append(character)
            started = true
        }
        if started { words.append(current) }
        return words
    }

    /// Sends the request the command describes to `client`'s server.
    func send(with client: TestClient) throws -> TestClient.Response {
        var method = "GET", target = "", body = "", headers: HTTPHeaders = [:]
        var remaining = words.dropFirst()[...]
        while let word = remaining.popFirst() {
            switch word {
            case "-X": method = remaining.popFirst() ?? method
            case "-H":
                let header = remaining.popFirst() ?? ""
                let parts = header.split(separator: ":", maxSplits: 1)
                headers.set(String(parts[0]), String(parts.count > 1 ? parts[1] : "").trimmingCharacters(in: .whitespaces))
            case "-d":
                body = remaining.popFirst() ?? ""
                if method == "GET" { method = "POST" }
            default:
                if let range = word.range(of: "127.0.0.1:3000") { target = String(word[range.upperBound...]) }
            }
        }
        // curl -d sends a form unless told otherwise.
        if !body.isEmpty, !headers.contains("Content-Type") { headers.set("Content-Type", "application/x-www-form-urlencoded") }
        return try client.send(method, target, body: Array(body.utf8), headers: headers)
    }

    /// Whether `actual` has everything `shown` shows: objects may have more members, arrays the
    /// same elements, and the string `…` stands for any value.
    static func matches(_ actual: JSON, shown: JSON) -> Bool {
        switch shown {
        case .string("…"): return true
        case .object(let object):
            return object.allSatisfy { key, value in actual[key].map { matches($0, shown: value) } ?? false }
        case .array(let items):
            guard let elements = actual.arrayValue, elements.count == items.count else { return false }
            return zip(elements, items).allSatisfy { matches($0, shown: $1) }
        default: return actual == shown
        }
    }
}
