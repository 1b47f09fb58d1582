/// Everything the HTTP server can be told. Each field is a documented `lcemu serve` option.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind; loopback unless told otherwise.
    public var host: String = "127.0.0.1"
    /// Port to bind; 0 picks a free one (read it back from `HTTPServer.port`).
    public var port: Int = 3000
    /// Listen backlog: deep enough for a burst of 2000 connects, which overflows 1024.
    public var backlog: Int32 = 4096
    /// Request-line, header and body size limits.
    public var limits = HTTPParserLimits()
    /// Seconds a client has to send a whole request head, from its first byte (slowloris guard).
    public var headerReadTimeout: Double = 10
    /// Seconds a client has to send a whole body, once the head is in.
    public var bodyReadTimeout: Double = 60
    /// Seconds an idle keep-alive connection stays open.
    public var idleTimeout: Double = 75
    /// Most simultaneous connections; beyond it new ones get 503 and are closed.
    public var maxConnections: Int = 10_000
    /// Seconds a graceful shutdown waits for requests in flight.
    public var shutdownGracePeriod: Double = 10
    /// Wraps each accepted socket, e.g. in TLS (`EmuTLS.TLSTransportFactory`); nil serves plain HTTP.
    public var transportFactory: (any TransportFactory)?
    /// How sockets are watched: event loops on Linux, Dispatch sources elsewhere.
    public var eventModel = HTTPEventModel.platformDefault

    public init() {}

    /// How often deadlines are checked: fine enough for the shortest timeout.
    var sweepInterval: Double {
        let shortest = min(headerReadTimeout, bodyReadTimeout, idleTimeout)
        return max(0.01, min(1, shortest / 4))
    }
}

/// How the server waits for its connections' sockets (`lcemu serve --http-events`).
public enum HTTPEventModel: String, Sendable, CaseIterable {
    /// A few event loops, one thread per core, each blocking in `epoll_wait` over its share of the
    /// connections and running their code itself. Linux only (the default there); elsewhere the
    /// server uses Dispatch sources (`ServerContext.makeWatch`).
    case eventLoops = "loops"
    /// A Dispatch read source per connection, on the connection's own serial queue. Every
    /// platform; the default where there is no epoll.
    case dispatchSources = "sources"

    /// Event loops on Linux, Dispatch sources elsewhere.
    public static var platformDefault: HTTPEventModel {
        #if os(Linux)
        return .eventLoops
        #else
        return .dispatchSources
        #endif
    }
}
