import Testing

/// The two test tiers every endpoint test runs on: the handler called directly, and a real socket.
enum Tier: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inProcess, live

    var testDescription: String { rawValue }
}

