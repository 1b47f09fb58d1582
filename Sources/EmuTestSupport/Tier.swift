/// How far a test's requests travel, the one parameter of `TestServer.start`.
public enum Tier: String, CaseIterable, Sendable {
    /// The handler called directly: no socket, the fastest tier (route files are loaded at the
    /// start, not watched: a test of their reload runs on a socket).
    case inProcess
    /// A server listening on loopback port 0 inside the test process (its handler is also
    /// reachable in-process, so a test can compare both on one server).
    case socket
    /// The same over TLS with a fresh self-signed certificate the server's clients trust.
    case tls
    /// The real `lcemu` executable as a child process, `lcemu serve --port 0 …`.
    case binary

    /// The two tiers of one in-process emulator, which endpoint tests run on alike.
    public static let inProcessAndSocket: [Tier] = [.inProcess, .socket]
}
