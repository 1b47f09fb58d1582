import EmuSQLite
import LCWire

/// One served app as the data layer and the endpoints see it: its credentials and options, its
/// own database, the emulator's shared clock, and the messages it "sent".
///
/// What the tools keep per app (cloud-function stubs, snapshots, faults, dashboard links, the
/// journal, custom routes) is held here as `tools`, so that it lives and resets with the app,
/// but typed only by `AppToolsState`: the tools give it its members (`Admin/AppTools.swift`),
/// and this layer never names them.
public final class AppRuntime: Sendable {
    public let configuration: AppConfiguration
    public let database: DatabaseQueue
    public let clock: EmulatorClock
    /// Messages "sent" by this app (SMS, email, captcha answers), for tests; emptied by `reset()`.
    public let outbox: Outbox
    package let seed: SeedData
    /// Adds expression indexes for the fields queries use.
    package let indexAdvisor = IndexAdvisor()
    /// The access contexts of this app's requests without a session token: their caller is
    /// known and nothing is cached, so one is shared rather than allocated per request.
    let tokenlessAccess: (anonymous: AccessContext, master: AccessContext)
    /// The tools' state for this app.
    package let tools: any AppToolsState

    package init(configuration: AppConfiguration, database: DatabaseQueue, clock: EmulatorClock, seed: SeedData, tools: any AppToolsState) {
        self.configuration = configuration
        self.database = database
        self.clock = clock
        self.outbox = Outbox(clock: clock)
        self.seed = seed
        self.tools = tools
        let options = configuration.options
        self.tokenlessAccess = (
            AccessContext(caller: .anonymous, permissions: options.classPermissions, fieldPermissions: options.fieldPermissions),
            AccessContext(caller: .master, permissions: options.classPermissions, fieldPermissions: options.fieldPermissions))
    }

    /// Empties every table and reloads the seed, in one transaction (from a copy of the seeded
    /// rows after the first time: `SeedRestore`); then the outbox and the tools' state.
    public func reset() throws {
        try database.write { db in try SeedRestore.reset(db, to: seed) }
        outbox.clear()
        tools.reset(app: self)
    }
}

/// What the layers above the data layer keep per app, reset with it.
package protocol AppToolsState: AnyObject, Sendable {
    /// Called by `AppRuntime.reset()` after the data is reset.
    func reset(app: AppRuntime)
    /// The app's LeanEngine app, if it has one (`CloudEngine`).
    var engine: (any CloudEngine)? { get }
}
