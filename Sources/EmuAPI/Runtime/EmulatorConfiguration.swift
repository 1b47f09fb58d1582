import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools

/// Everything `lcemu serve` can be told; the CLI maps its options onto this.
public struct EmulatorConfiguration: Sendable {
    /// Socket, limits and timeouts of the HTTP server.
    public var http = HTTPServerConfiguration()
    /// Directory holding one SQLite database per app, or `:memory:` to keep everything in memory.
    public var dataDirectory: String = ".lcemu"
    /// The apps served; the first is the default one printed at start-up.
    public var apps: [AppConfiguration] = [.development]
    /// Directories of seed JSON files, merged in order, loaded into a fresh database and on
    /// reset, for every app whose configuration names no seed of its own; empty for none.
    public var seedDirectories: [String] = []
    /// `--reseed`: an app whose database was seeded from other seed files (or made by an import)
    /// gets its data replaced by its seed at start.
    public var reseed = false
    /// Initial data of particular apps, by app id, instead of the seed directory's: loaded into
    /// the app's database, which must be fresh (`InitialDataError` otherwise), and on reset.
    /// `lcemu exec --import` gives the default app its data this way.
    public var initialData: [String: SeedData] = [:]
    /// Log verbosity.
    public var logLevel: LogLevel = .info
    /// Lanes of the worker pool that runs slow requests (writes, password hashing).
    public var workerCount = 2
    /// Requests kept by the request journal (`/__admin/requests`), newest first; 0 keeps none.
    public var journalSize = 1000
    /// SQLite `synchronous=FULL`: survive power loss, not only a crash (slower writes).
    public var durableWrites = false
    /// Window in seconds for `X-LC-Sign` timestamps, for apps whose options set none; nil or 0 =
    /// no window, as the real service (spec §1.3).
    public var signMaxSkewSeconds: Double?
    /// Browser origins that may call with cookies (`--cors-origins`); every origin may call
    /// without them.
    public var corsOrigins: CORSOrigins = .none
    /// Pages of other origins that may call `/__admin` (`--admin-origins`); none by default: only
    /// the server's own origin (the dashboard) and clients that are no browser.
    public var adminOrigins: CORSOrigins = .none
    /// `Host` names `/__admin` answers beyond loopback, IP literals, one-label names and the bound
    /// address (`--allowed-hosts`): the DNS-rebinding guard (docs/security.md).
    public var allowedHosts: AllowedHosts = .none
    /// A route file or folder of them (`--routes`) for the default app's custom routes
    /// (docs/custom-backends.md); reloaded when it changes. Nil for none.
    public var routesPath: String?
    /// The opt-in prefix of apps on demand (`--apps-on-demand-prefix demo-`, docs/testing.md): a
    /// request naming an unknown id that starts with it, with the default app's keys, gets a new
    /// in-memory app of that id, made from the default app. Nil (the default) = off.
    public var appsOnDemandPrefix: String?
    /// Whether those apps start with the default app's seed (`--apps-on-demand-seeded`), not empty.
    public var appsOnDemandSeeded = false
    /// The emulator's version (`lcemu --version`; the CLI sets it), shown by the dashboard's
    /// Overview (`GET /__admin/status`); nil where an embedder sets none.
    public var version: String?

    public init() {}

    /// The one seed directory of the configuration, for callers that give one; nil for none.
    public var seedDirectory: String? {
        get { seedDirectories.first }
        set { seedDirectories = newValue.map { [$0] } ?? [] }
    }

    /// The seed folders of `app`: its own (the config file's `seed`), else the configuration's.
    public func seedDirectories(of app: AppConfiguration) -> [String] {
        app.seedPaths ?? seedDirectories
    }

    /// True when nothing is written to disk.
    public var inMemory: Bool { dataDirectory == ":memory:" }
}
