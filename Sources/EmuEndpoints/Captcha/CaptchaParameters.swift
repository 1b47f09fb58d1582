import EmuData
import EmuRouting

/// The query of `GET /1.1/requestCaptcha` (spec §7.1), checked against the documented ranges.
struct CaptchaParameters: Equatable {
    var width = 85
    var height = 30
    /// Characters in the code; clients always get the default.
    var size = 4
    /// Seconds until the captcha expires.
    var ttl = 60

    static let widths = 60...200
    static let heights = 30...100
    static let sizes = 3...6
    static let ttls = 10...180

    /// Reads the parameters; out of range or not an integer → 400 with code 1 naming the range.
    /// `size` and `ttl` are master-key only (spec §7.1): a client sending them gets 119.
    init(query: (String) -> String?, isMaster: Bool) throws {
        width = try Self.integer(query("width"), name: "width", range: Self.widths) ?? width
        height = try Self.integer(query("height"), name: "height", range: Self.heights) ?? height
        let size = try Self.integer(query("size"), name: "size", range: Self.sizes)
        let ttl = try Self.integer(query("ttl"), name: "ttl", range: Self.ttls)
        if (size != nil || ttl != nil) && !isMaster { throw APIError(.operationForbiddenForClients) }
        self.size = size ?? self.size
        self.ttl = ttl ?? self.ttl
    }

    init() {}

    private static func integer(_ text: String?, name: String, range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw APIError(.invalidParameter("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)."))
        }
        return value
    }
}
