import EmuTestSupport
import EmuData
import Foundation
import LCWire
import Testing

/// One of the five client apps of examples/apps, served by the real binary from its own
/// `lcemu.json` exactly as its README says (`lcemu serve --config …`), plus what a test of the
/// app needs to read answers the way the app's code reads them.
struct ExampleApp {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `examples/apps/<name>/lcemu.json`.
    static func config(_ name: String) -> String {
        root.appendingPathComponent("examples/apps/\(name)/lcemu.json").path
    }

    /// `lcemu serve --config examples/apps/<name>/lcemu.json` and no other flag: the test's port 0
    /// and in-memory database come from the environment (`LCEMU_PORT`, `LCEMU_DATA`), which the
    /// files leave to it.
    static func serve(_ name: String) async throws -> TestServer {
        try await TestServer.startAsync(.binary, arguments: ["--config", config(name)],
                                        environment: ["LCEMU_DATA": ":memory:"], portFrom: .environment)
    }

    /// The value of `key` is a JSON integer on the wire (`"key":12`, no fraction, no quotes): what
    /// an `NSInteger` property, `%d` or `intValue` of the app needs.
    static func isInteger(_ value: JSON?) -> Bool {
        guard case .number(let number)? = value else { return false }
        return number == number.rounded() && abs(number) < 9.0e15
    }

    /// Every member of `key` in the raw answer is written as an integer literal.
    static func writesIntegers(_ text: String, key: String) -> Bool {
        let pattern = "\"\(key)\"\\s*:\\s*([^,}\\]]*)"
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        let range = NSRange(text.startIndex..., in: text)
        let matches = regex.matches(in: text, range: range)
        return !matches.isEmpty && matches.allSatisfy { match in
            let literal = String(text[Range(match.range(at: 1), in: text)!]).trimmingCharacters(in: .whitespaces)
            return literal.range(of: "^-?[0-9]+$", options: .regularExpression) != nil
        }
    }

    /// A form body as AFNetworking's default serializer writes it: keys sorted, percent-encoded.
    static func form(_ fields: [String: String]) -> [UInt8] {
        Array(TestBrowser.formEncoded(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }).utf8)
    }

    /// Milliseconds since 1970, the `tick` the apps add to every request.
    static func tick() -> String {
        String(Int64(Date().timeIntervalSince1970 * 1000))
    }
}
