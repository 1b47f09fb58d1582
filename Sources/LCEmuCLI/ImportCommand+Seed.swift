import EmuAPI
import Primitives

/// `import --with-seed`, and what a new database made by an import records and says about its seed.
extension ImportCommand {
    /// The app's seed: the config file's `seed` of the app, else `--seed` or `LCEMU_SEED`, else
    /// the project's seed (as `serve` finds it).
    func seedFolders(_ settings: ConfiguredSettings) throws -> [String] {
        let appId = try options.selectedAppId(settings)
        let app = settings.document?.apps.first { $0.appId == appId }
        let folders = try settings.seedFolders(given: seed, beside: app)
        return app?.seedPaths ?? folders
    }

    /// `--with-seed`: the seed, loaded into the new database before the import; its size.
    func loadSeed(_ folders: [String], into store: AppDataFile) throws -> Int {
        guard !folders.isEmpty else { throw CommandFailure("--with-seed: no seed folder (name one with --seed)") }
        do {
            let data = try SeedData.load(directories: folders, now: .now())
            try store.database.write { try data.fill($0, at: .now()) }
            return data.records.count
        } catch let error as SeedError {
            throw CommandFailure("--with-seed: \(error)")
        }
    }

    /// Into a new database: what became of the seed, recorded (a later `serve` says the import
    /// made the database) and said.
    func saySeed(_ seeded: Int?, folders: [String], store: AppDataFile, file: String) throws {
        let source = folders.joined(separator: ", ")
        if let seeded {
            StandardStream.error.write("lcemu: app \(store.appId): new database: loaded the seed (\(source), \(seeded) objects) before the import\n")
            return
        }
        try store.database.write { try SeedProvenance.imported(file).record(in: $0) }
        guard !folders.isEmpty else { return }
        StandardStream.error.write("lcemu: app \(store.appId): new database: the seed (\(source)) was not loaded — "
            + "the import is its data; add --with-seed to load the seed first\n")
    }
}
