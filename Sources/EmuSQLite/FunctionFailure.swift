/// The error a registered Swift function threw, kept by its connection until the statement it
/// failed reports it. SQLite carries only a message across its C boundary; this carries the
/// error itself, so callers can match its type instead of its text.
///
/// Used on the connection's thread only, like the connection.
final class FunctionFailure {
    private var error: (any Error)?

    /// Called by the function's C callback, just before it fails the statement.
    func record(_ error: any Error) {
        self.error = error
    }

    /// The recorded error, if any, leaving none behind for a later statement.
    func take() -> (any Error)? {
        defer { error = nil }
        return error
    }
}
