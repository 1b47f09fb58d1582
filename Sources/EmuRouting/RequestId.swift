import Primitives

/// A request's id: the pipeline's counter, written in hex (`1f`) only when read as text. Every
/// request has one and the journal keeps it, but few are ever shown (an unexpected failure, the
/// journal's listing, the debug log): writing each in hex as it arrived cost ~190 instructions
/// per request (issue 31). An id made from text (a test's context) is kept as it is.
package struct RequestId: Sendable {
    private enum Storage: Sendable {
        case counter(UInt64)
        case text(String)
    }

    private let storage: Storage

    /// The id of the pipeline's `counter`th request.
    package init(counter: UInt64) { storage = .counter(counter) }

    /// An id given as text.
    package init(_ text: String) { storage = .text(text) }

    /// The id as clients, the journal and the log show it: the counter in lowercase hex.
    package var text: String {
        switch storage {
        case .counter(let counter): return Hex.encode(counter)
        case .text(let text): return text
        }
    }
}
