import ArgumentParser
import EmuAPI
import EmuHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The HTTP server's options of `lcemu serve`: request limits, timeouts, connections, workers
/// and how sockets are watched (docs/http.md). None of them is a config file setting.
struct HTTPServerOptions: ParsableArguments {
    @Option(name: .customLong("max-request-line"), help: "Longest request line in bytes; longer gets 414. [env: LCEMU_MAX_REQUEST_LINE] (default: 8192)")
    var maxRequestLine: Int?

    @Option(name: .customLong("max-header-bytes"), help: "Most header bytes per request; more gets 431. [env: LCEMU_MAX_HEADER_BYTES] (default: 65536)")
    var maxHeaderBytes: Int?

    @Option(name: .customLong("max-body-bytes"), help: "Largest request body in bytes; larger gets 413. [env: LCEMU_MAX_BODY_BYTES] (default: 20971520)")
    var maxBodyBytes: Int?

    @Option(name: .customLong("header-timeout"), help: "Seconds to receive a request head, from its first byte. [env: LCEMU_HEADER_TIMEOUT] (default: 10)")
    var headerTimeout: Double?

    @Option(name: .customLong("body-timeout"), help: "Seconds to receive a request body. [env: LCEMU_BODY_TIMEOUT] (default: 60)")
    var bodyTimeout: Double?

    @Option(name: .customLong("idle-timeout"), help: "Seconds an idle keep-alive connection stays open. [env: LCEMU_IDLE_TIMEOUT] (default: 75)")
    var idleTimeout: Double?

    @Option(name: .customLong("max-connections"), help: "Most simultaneous connections; more get 503. [env: LCEMU_MAX_CONNECTIONS] (default: 10000)")
    var maxConnections: Int?

    @Option(name: .customLong("shutdown-grace"), help: "Seconds a shutdown waits for requests in flight. [env: LCEMU_SHUTDOWN_GRACE] (default: 10)")
    var shutdownGrace: Double?

    @Option(name: .customLong("workers"), help: "Workers for writes and slow requests (hashing, files); also how many reads answer at once on the connections' threads. [env: LCEMU_WORKERS] (default: number of cores, at least 2)")
    var workers: Int?

    @Option(name: .customLong("http-events"), help: "How sockets are watched: loops (event loops, one thread per core in epoll_wait; Linux) or sources (a Dispatch source per connection; every platform). [env: LCEMU_HTTP_EVENTS] (default: loops on Linux, sources elsewhere)")
    var httpEvents: String?

    /// Options, then environment, then defaults, each checked against its range.
    func apply(to configuration: inout EmulatorConfiguration) throws {
        configuration.http.limits = HTTPParserLimits(
            maxRequestLineBytes: try Environment.int(maxRequestLine, "LCEMU_MAX_REQUEST_LINE", default: 8192, range: 64...1 << 20),
            maxHeaderBytes: try Environment.int(maxHeaderBytes, "LCEMU_MAX_HEADER_BYTES", default: 65_536, range: 256...16 << 20),
            maxBodyBytes: try Environment.int(maxBodyBytes, "LCEMU_MAX_BODY_BYTES", default: 20 << 20, range: 0...1 << 30))
        configuration.http.headerReadTimeout = try Environment.seconds(headerTimeout, "LCEMU_HEADER_TIMEOUT", default: 10)
        configuration.http.bodyReadTimeout = try Environment.seconds(bodyTimeout, "LCEMU_BODY_TIMEOUT", default: 60)
        configuration.http.idleTimeout = try Environment.seconds(idleTimeout, "LCEMU_IDLE_TIMEOUT", default: 75)
        configuration.http.maxConnections = try Environment.int(maxConnections, "LCEMU_MAX_CONNECTIONS", default: 10_000, range: 1...1_000_000)
        configuration.http.shutdownGracePeriod = try Environment.seconds(shutdownGrace, "LCEMU_SHUTDOWN_GRACE", default: 10)
        configuration.http.eventModel = try eventModel()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        configuration.workerCount = try Environment.int(workers, "LCEMU_WORKERS", default: max(2, cores), range: 1...256)
    }

    private func eventModel() throws -> HTTPEventModel {
        let name = Environment.string(httpEvents, "LCEMU_HTTP_EVENTS", default: HTTPEventModel.platformDefault.rawValue)
        guard let model = HTTPEventModel(rawValue: name.lowercased()) else {
            throw ValidationError("--http-events must be loops or sources, got '\(name)'")
        }
        return model
    }
}
