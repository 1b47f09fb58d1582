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
