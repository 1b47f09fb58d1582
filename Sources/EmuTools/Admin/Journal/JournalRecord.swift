import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// One answered request as the journal keeps it: the raw request and response (shared, not
/// copied — recording must cost the request path almost nothing), redacted only when read.
struct JournalRecord: Sendable {
    /// Increasing from 1 for the life of the server; clients poll with `after=<id>`.
    let id: Int
    let milliseconds: Int64
    /// The authenticated app, or the app the request named; nil when it named none we serve.
    let appId: String?
    let request: HTTPRequest
    let response: HTTPResponse
    let nanoseconds: UInt64
    /// The custom route that answered, if one did.
    let route: String?
    /// No route answered (LeanCloud's or a custom one).
    let unmatched: Bool
    /// Why the closest custom routes did not match, when no route answered.
    let nearMisses: JSON?

    /// Bodies longer than this are kept as their first bytes only: a capped journal of a
    /// thousand requests must not hold a thousand uploads (or the dashboard's scripts), at most
    /// 32 MiB of bodies at the default size.
    static let bodyLimit = 16 * 1024

    /// Whether a master key of `appId` may read this record: its own app's, and those of no app.
    func isVisible(to appId: String) -> Bool { self.appId == nil || self.appId == appId }

    /// A body's first `bodyLimit` bytes when it is longer; nil when it is kept whole (and the
    /// request or response holding it is left untouched: changing a request copies its storage).
    static func cut(_ body: [UInt8]) -> [UInt8]? {
        body.count <= bodyLimit ? nil : Array(body.prefix(bodyLimit))
    }
}
