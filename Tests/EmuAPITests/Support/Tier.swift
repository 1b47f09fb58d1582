import EmuTesting
import Testing

/// The two test tiers every endpoint test runs on: the handler called directly, and a real socket.
enum Tier: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inProcess, live

    var testDescription: String { rawValue }
}

extension TestEmulator {
    /// A client for `tier`.
    func client(_ tier: Tier, credentials: TestClient.Credentials = .appKey) -> TestClient {
        tier == .live ? client(credentials: credentials) : inProcessClient(credentials: credentials)
    }
}
