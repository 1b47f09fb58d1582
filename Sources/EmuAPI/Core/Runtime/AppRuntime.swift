import EmuSQLite
import LCWire

/// One served app: its credentials, its own database, and the emulator's shared clock.
public final class AppRuntime: Sendable {
    public let configuration: AppConfiguration
    public let database: DatabaseQueue
    public let clock: EmulatorClock
    /// Messages "sent" by this app (SMS, email, captcha answers), for tests; emptied by `reset()`.
    public let outbox: Outbox
    /// Cloud-function stubs and the calls made to them, for tests; emptied by `reset()`.
    public let functions: FunctionStubs
    /// Named copies of the data, for tests; kept by `reset()`.
    public let snapshots = Snapshots()
    /// Failures and delays the test asked for (`/__admin/faults`); emptied by `reset()`.
    public let faults = Faults()
    /// One-time dashboard log-in links (`lcemu serve` prints one); kept by `reset()`.
    public let dashboardLinks = DashboardLinks()
    /// The requests the server answered, shared by every app (`/__admin/requests`); this app's
    /// records are dropped by `reset()`.
    public let journal: RequestJournal
    /// Custom `{code, msg}` routes and resources (docs/custom-backends.md); `reset()` restores the loaded set.
    public let customRoutes = CustomRoutes()
    let seed: SeedData
    /// Adds expression indexes for the fields queries use.
    let indexAdvisor = IndexAdvisor()
    /// The access contexts of this app's requests without a session token: their caller is
    /// known and nothing is cached, so one is shared rather than allocated per request.
    let tokenlessAccess: (anonymous: AccessContext, master: AccessContext)

    init(configuration: AppConfiguration, database: DatabaseQueue, clock: EmulatorClock, journal: RequestJournal, seed: SeedData) {
        self.configuration = configuration
        self.journal = journal
        self.database = database
        self.clock = clock
        self.outbox = Outbox(clock: clock)
        self.functions = FunctionStubs(clock: clock)
        self.seed = seed
        let options = configuration.options
        self.tokenlessAccess = (
            AccessContext(caller: .anonymous, permissions: options.classPermissions, fieldPermissions: options.fieldPermissions),
            AccessContext(caller: .master, permissions: options.classPermissions, fieldPermissions: options.fieldPermissions))
    }

    /// Loads the seed into a database that has never been seeded; true when it did.
    @discardableResult
    func seedIfFresh() throws -> Bool {
        try database.write { db in
            guard try db.scalar("SELECT value FROM emu_meta WHERE key = 'seeded'") == nil else { return false }
            try seed.insert(into: db)
            try db.execute("INSERT INTO emu_meta (key, value) VALUES ('seeded', ?)", [.text(clock.now.iso)])
            return true
        }
    }

    /// Empties every table and reloads the seed, in one transaction.
    public func reset() throws {
        try database.write { db in
            for table in AppSchema.dataTables { try db.execute("DELETE FROM \(table)") }
            try seed.insert(into: db)
        }
        outbox.clear()
        functions.clear()
        faults.remove()
        journal.clear(visibleTo: configuration.appId)
        customRoutes.reset()
    }
}
