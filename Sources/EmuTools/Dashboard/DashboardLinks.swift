import Dispatch
import EmuCrypto
import EmuData
import EmuRouting
import Primitives

/// One-time log-in links for the dashboard (`lcemu serve` prints one). A link carries a random
/// token, never the master key; the page trades it once for the key (`POST /__admin/ui/login`).
/// A token works once and for `lifetime` seconds of real time (not the emulator clock, which
/// tests move by hours), and is compared in constant time.
public final class DashboardLinks: Sendable {
    /// How long a printed link stays valid: long enough to click, short enough not to linger.
    public static let lifetime: UInt64 = 15 * 60
    /// Links alive at once; minting more drops the oldest.
    static let capacity = 8
    static let tokenAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

    private struct Link { let token: String; let expiresAt: UInt64 }
    private let links = Locked<[Link]>([])
    private let now: @Sendable () -> UInt64

    /// - Parameter now: seconds on a monotonic clock; tests pass their own.
    public init(now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds / 1_000_000_000 }) {
        self.now = now
    }

    /// A new single-use token.
    public func mint() -> String {
        let token = SecureRandom.string(length: 32, alphabet: Self.tokenAlphabet)
        let expiresAt = now() + Self.lifetime
        links.withValue { links in
            links.append(Link(token: token, expiresAt: expiresAt))
            if links.count > Self.capacity { links.removeFirst(links.count - Self.capacity) }
        }
        return token
    }

    /// True, once, for a live token; it is spent whether or not it had expired.
    public func redeem(_ token: String) -> Bool {
        let time = now()
        return links.withValue { links in
            // Every stored token is compared, so the time taken does not say which one was close.
            var matched: Int?
            for (index, link) in links.enumerated() where ConstantTime.equals(link.token, token) { matched = index }
            guard let index = matched else { return false }
            let link = links.remove(at: index)
            return link.expiresAt > time
        }
    }
}
