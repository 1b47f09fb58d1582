import EmuData
import EmuRouting

/// One way a request differs from a route, for the near-miss report of a 404. `detail` says what
/// the route expected (a value, a pattern) and is shown only with the master key and in the
/// journal; `summary` says which matcher missed and nothing of its value, because a matcher often
/// holds a secret (the API token a header must carry) and the 404 reaches any caller.
struct RouteDifference: Sendable, Equatable {
    let summary: String
    let detail: String

    init(summary: String, detail: String) {
        self.summary = summary
        self.detail = detail
    }

    /// A difference that discloses nothing of the route's matchers (method, path, scenario).
    init(_ text: String) { self.init(summary: text, detail: text) }

    /// The same difference with the field it is about in front: `headers.uuid: missing`.
    func about(_ field: String) -> RouteDifference {
        RouteDifference(summary: "\(field): \(summary)", detail: "\(field): \(detail)")
    }

    func text(disclosing: Bool) -> String { disclosing ? detail : summary }
}
