import EmuData
import EmuRouting
import EmuSQLite

/// What the tools keep per app: held by the app (`AppRuntime.tools`), so that it lives and
/// resets with the app's data, and reached through the app's members below.
final class AppTools: AppToolsState {
    let functions: FunctionStubs
    let snapshots = Snapshots()
    let faults = Faults()
    let dashboardLinks = DashboardLinks()
    let dashboardLive = DashboardLive()
    let journal: RequestJournal
    let customRoutes = CustomRoutes()
    /// The app's LeanEngine app, when it has one (docs/cloud-code.md).
    let engineClient: EngineClient?
    var engine: (any CloudEngine)? { engineClient }
    let server: ServerFacts

    init(clock: EmulatorClock, journal: RequestJournal, server: ServerFacts, configuration: AppConfiguration? = nil) {
        self.functions = FunctionStubs(clock: clock)
        self.journal = journal
        self.server = server
        self.engineClient = configuration.flatMap { app in
            app.engine.map { EngineClient(settings: $0, app: app, clock: clock) }
        }
    }

    func reset(app: AppRuntime) {
        functions.clear()
        faults.remove()
        journal.clear(visibleTo: app.configuration.appId)
        customRoutes.reset()
        engineClient?.calls.clear()
        dashboardLive.didReset()
    }
}

extension AppRuntime {
    /// An app whose tools' state is `AppTools`: the only kind the server makes.
    package convenience init(configuration: AppConfiguration, database: DatabaseQueue, clock: EmulatorClock, journal: RequestJournal, seed: SeedData,
                                 server: ServerFacts = ServerFacts(version: nil, dataDirectory: ":memory:")) {
        self.init(configuration: configuration, database: database, clock: clock, seed: seed,
                  tools: AppTools(clock: clock, journal: journal, server: server, configuration: configuration))
    }

    /// The server's version and data directory, as the dashboard's Overview shows them.
    package var server: ServerFacts { appTools.server }

    /// Cloud-function stubs and the calls made to them, for tests; emptied by `reset()`.
    public var functions: FunctionStubs { appTools.functions }
    /// Named copies of the data, for tests; kept by `reset()`.
    public var snapshots: Snapshots { appTools.snapshots }
    /// Failures and delays the test asked for (`/__admin/faults`); emptied by `reset()`.
    public var faults: Faults { appTools.faults }
    /// One-time dashboard log-in links (`lcemu serve` prints one); kept by `reset()`.
    public var dashboardLinks: DashboardLinks { appTools.dashboardLinks }
    /// The dashboard's live state and its event streams (`/__admin/status`, `/__admin/events`).
    package var dashboardLive: DashboardLive { appTools.dashboardLive }
    /// The requests the server answered, shared by every app (`/__admin/requests`); this app's
    /// records are dropped by `reset()`.
    public var journal: RequestJournal { appTools.journal }
    /// Custom `{code, msg}` routes and resources (docs/custom-backends.md); `reset()` restores the loaded set.
    public var customRoutes: CustomRoutes { appTools.customRoutes }

    /// Every app is made by the initializer above, so `tools` is always an `AppTools`.
    ///
    /// Why an unchecked cast: these members are read on every request (the pipeline's journal,
    /// custom-route and fault stages), so reaching them must cost nothing, and EmuData, below
    /// this target, cannot name their types. A requirement of `AppToolsState` would have to
    /// name them; `as!` or a cast to a protocol declared here is a dynamic cast per request; a
    /// side table keyed by the app is a lookup under a lock; a generic `AppRuntime<Tools>`
    /// would carry its parameter through every signature of the data layer and the endpoints.
    /// `unsafeDowncast` is a pointer reinterpretation in release builds and still checks the
    /// type in debug builds (its debug precondition), where every test runs.
    private var appTools: AppTools { unsafeDowncast(tools, to: AppTools.self) }
}
