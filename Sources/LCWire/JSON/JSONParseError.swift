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
