/// A strict RFC 8259 JSON parser.
///
/// Rejects what JavaScript's `JSON.parse` rejects (trailing commas, comments, `NaN`, leading
/// zeros, raw control characters in strings, a byte-order mark) and, like it, lets a repeated
/// key's last value win. Any value may stand at the top level, with whitespace around it.
/// It is stricter than a JavaScript server in one way: text that could only be stored as some
/// other value is refused (`JSONParseError.Reason.unrepresentable`) — invalid UTF-8 and lone
/// `\u` surrogates (which JavaScript turns into U+FFFD) and numbers beyond a double's range
/// (which become `Infinity`, then `null`). Numbers are rounded to the nearest double, as
/// everywhere in JSON; a magnitude below the smallest double reads as 0.
///
/// ```swift
/// let value = try JSONParser.parse(#"{"limit":10,"where":{"a":[1,2]}}"#)
/// value["where"]?["a"]?[1]    // .number(2)
/// ```
public enum JSONParser {
    /// The default nesting limit: deep enough for any real LeanCloud body, shallow enough
    /// that a hostile body cannot exhaust memory.
    public static let defaultMaxDepth = 512

    /// Parses UTF-8 bytes into a value.
    ///
    /// - Parameters:
    ///   - bytes: the complete JSON text.
    ///   - maxDepth: the most arrays/objects that may be open at once; more throws.
    /// - Throws: `JSONParseError` with the byte offset of the first problem.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws -> JSON {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, maxDepth: maxDepth)
            return try reader.readDocument()
        }
    }

    /// Parses a slice of UTF-8 bytes into a value (offsets count from the slice's start).
    public static func parse(_ bytes: ArraySlice<UInt8>, maxDepth: Int = defaultMaxDepth) throws -> JSON {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, maxDepth: maxDepth)
            return try reader.readDocument()
        }
    }

    /// Parses a string into a value (offsets count UTF-8 bytes).
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int = defaultMaxDepth) throws -> JSON {
        var reader = JSONReader(bytes: buffer, maxDepth: maxDepth)
        return try reader.readDocument()
    }

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws -> JSON {
        var text = text
        return try text.withUTF8 { buffer in
            var reader = JSONReader(bytes: buffer, maxDepth: maxDepth)
            return try reader.readDocument()
        }
    }
}

// MARK: - JSONParseError

/// Why a JSON text was rejected, and where.
///
/// The emulator answers such bodies with error 107 (`LCErrorCode.malformedJSON`, spec §9),
/// whose message names the problem and its byte offset (`LCErrorCode.malformedJSON(_:)`).
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A short English description, e.g. `Expected ',' or ']' in array`.
    public var message: String
    /// The zero-based byte offset in the input where the problem was found.
    public var offset: Int
    /// What kind of problem it is.
    public var reason: Reason

    /// Not JSON at all, or JSON holding something no stored value can be without altering it.
    public enum Reason: Sendable, Equatable {
        /// The text breaks the grammar (a missing comma, a bad literal, too deep).
        case syntax
        /// Well-formed JSON whose text is not what it can be stored as: invalid UTF-8, a lone
        /// surrogate escape, a number beyond the range of a double. Accepting it would mean
        /// storing another value than the one sent (U+FFFD, `null`).
        case unrepresentable
    }

    /// Creates an error with a message and a byte offset.
    public init(message: String, offset: Int, reason: Reason = .syntax) {
        self.message = message
        self.offset = offset
        self.reason = reason
    }

    /// `<message> at byte <offset>`.
    public var description: String { "\(message) at byte \(offset)" }
}
