/// What a start did with an app's seed, and what it says about it: the banner's `seed:` line
/// (which never names a seed that was not loaded) and, when the seed was not loaded although one
/// was given, a warning saying how to load it (docs/seed.md).
public struct SeedStart: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// A fresh database: the seed (or the initial data, or nothing) was loaded.
        case loaded
        /// The database holds this very seed (same fingerprint): kept as it is.
        case unchanged
        /// The database was seeded from other seed files, or started empty: kept, seed not loaded.
        case changed
        /// The database records no seed (filled before seeds were recorded): kept, seed not loaded.
        case unrecorded
        /// `--reseed`: the data was replaced by the seed.
        case reseeded
        /// An import made the database: kept, seed not loaded.
        case createdByImport(String)
        /// No seed was given and the database has data: kept.
        case kept
    }

    public let appId: String
    public let outcome: Outcome
    /// What this start was given.
    public let seed: SeedProvenance
    /// Objects loaded by this start (0 unless `loaded` or `reseeded`).
    public let objects: Int

    public init(appId: String, outcome: Outcome, seed: SeedProvenance, objects: Int) {
        self.appId = appId
        self.outcome = outcome
        self.seed = seed
        self.objects = objects
    }

    /// After `seed:` in the banner.
    public var summary: String {
        switch outcome {
        case .loaded:
            switch seed.origin {
            case .seed: "\(seed.source) (loaded \(objects) objects)"
            case .imported(let file): "none (loaded \(objects) objects from \(file))"
            case .none: "none"
            }
        case .unchanged: "\(seed.source) (unchanged; data kept)"
        case .reseeded: "\(seed.source) (reseeded: the data was replaced by \(objects) objects)"
        case .changed: "none loaded (the seed changed since this database was seeded; data kept)"
        case .unrecorded: "none loaded (this database does not record its seed; data kept)"
        case .createdByImport(let file): "none (database created by lcemu import \(file))"
        case .kept: "none (data kept)"
        }
    }

    /// The line a start prints when a given seed was not loaded, saying how to load it.
    public var warning: String? {
        let load = "data kept — restart with --reseed (LCEMU_RESEED=1), or POST /__admin/reset, to load it"
        switch outcome {
        case .changed:
            return "app \(appId): the seed changed since this database was seeded (\(seed.source)); \(load)"
        case .unrecorded:
            return "app \(appId): this database does not record which seed it was made from, so \(seed.source) was not loaded; \(load)"
        default:
            return nil
        }
    }
}

// MARK: - Deciding at start

extension AppRuntime {
    /// Loads the seed into a fresh database; on one with data, compares what it records with
    /// this start's seed and keeps the data, or with `reseed` replaces it by a different seed.
    ///
    /// An in-memory database is never filled by an earlier start: one that is filled already was
    /// made from this seed's image (`SeedImageCache`, `AppDatabase.open(image:)`), so it is loaded.
    /// After an in-memory fill, the image is kept for the next start in this process.
    package func startSeed(reseed: Bool) throws -> SeedStart {
        let given = seed.provenance
        let inMemory = database.path == ":memory:"
        let outcome: SeedStart.Outcome = try database.write { db in
            guard try SeedProvenance.isFilled(db) else {
                try seed.fill(db, at: clock.now)
                return .loaded
            }
            let recorded = try SeedProvenance.recorded(in: db)
            if inMemory, recorded == given { return .loaded }
            guard given.origin == .seed else { return .kept }
            if case .imported(let file)? = recorded?.origin, !reseed { return .createdByImport(file) }
            guard let recorded else { return reseed ? .reseeded : .unrecorded }
            if recorded.isSameSeed(as: given) { return .unchanged }
            return reseed ? .reseeded : .changed
        }
        if outcome == .reseeded { try reset() }
        if outcome == .loaded, inMemory, SeedImageCache.image(for: seed) == nil {
            try database.writeWithoutTransaction { db in try SeedImageCache.storeImage(of: db, filledWith: seed) }
        }
        let loaded = outcome == .loaded || outcome == .reseeded
        return SeedStart(appId: configuration.appId, outcome: outcome, seed: given, objects: loaded ? seed.records.count : 0)
    }
}
