/// Why a JSON text was rejected, and where.
///
/// The emulator answers such bodies with error 107 (`LCErrorCode.malformedJSON`, spec §9);
/// the message and offset are for logs and diagnostics, not for the wire.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A short English description, e.g. `Expected ',' or ']' in array`.
    public var message: String
    /// The zero-based byte offset in the input where the problem was found.
    public var offset: Int

    /// Creates an error with a message and a byte offset.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `<message> at byte <offset>`.
    public var description: String { "\(message) at byte \(offset)" }
}
