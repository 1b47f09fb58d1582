import EmuSQLite
import Primitives

/// What a process keeps of the seeds it has loaded, so that the next emulator it starts with
/// the same seed pays for neither the JSON nor the schema nor the inserts (issue 31: a seeded
/// `Emulator.start` in a test): the parsed `SeedData` (its `_User` passwords already hashed), and
/// an image of a fresh in-memory database migrated and filled with it (`Database.serializedImage`),
/// which a new in-memory app database loads instead of being built again.
///
/// Keyed by the seed's folders and fingerprint (`SeedProvenance`): a changed seed file is another
/// seed. At most `capacity` seeds are kept; one more empties the cache (a test process uses one
/// or two). File databases never use an image: theirs is made once and kept on disk.
package enum SeedImageCache {
    /// Seeds kept per process.
    package static let capacity = 8

    private struct Entry {
        var seed: SeedData
        var image: [UInt8]?
    }

    private static let entries = Locked<[String: Entry]>([:])

    /// The key of a seed loaded from folders; nil for anything else.
    static func key(of provenance: SeedProvenance) -> String? {
        guard provenance.origin == .seed, !provenance.fingerprint.isEmpty else { return nil }
        return provenance.source + "\n" + provenance.fingerprint
    }

    /// The key of a seed's image: a seed loaded from folders, or no data at all (an empty
    /// database); nil for other data (an import, `initialData`), which is never cached.
    static func imageKey(of seed: SeedData) -> String? {
        if seed.provenance.origin == .none, seed.records.isEmpty, seed.emptyClasses.isEmpty { return "(none)" }
        return key(of: seed.provenance)
    }

    /// The seed loaded earlier with this provenance.
    static func seed(for provenance: SeedProvenance) -> SeedData? {
        guard let key = key(of: provenance) else { return nil }
        return entries.withValue { $0[key]?.seed }
    }

    /// Keeps `seed` unless a seed with its provenance is kept already, and returns the one kept:
    /// two starts that parsed the same files at once must go on with the same records (a `_User`
    /// password's hash has a random salt), or an image made from one would not be the seed the
    /// other's resets restore.
    static func storing(_ seed: SeedData) -> SeedData {
        guard let key = key(of: seed.provenance) else { return seed }
        return entries.withValue { entries in
            if let kept = entries[key] { return kept.seed }
            if entries.count >= capacity { entries.removeAll() }
            entries[key] = Entry(seed: seed)
            return seed
        }
    }

    /// The image of a fresh in-memory database filled with `seed`, once one has been made.
    package static func image(for seed: SeedData) -> [UInt8]? {
        guard let key = imageKey(of: seed) else { return nil }
        return entries.withValue { $0[key]?.image }
    }

    /// Keeps the image of `db`, just filled with `seed` (call it outside a transaction). A seed
    /// loaded from folders is kept by `storing` first; its image is kept only while it is that
    /// very seed (the cache may have been emptied and refilled since).
    static func storeImage(of db: Database, filledWith seed: SeedData) throws {
        guard let slot = imageKey(of: seed), entries.withValue({ $0[slot]?.image == nil }) else { return }
        let image = try db.serializedImage()
        let parsed = key(of: seed.provenance) != nil  // else no data: no parse to keep first
        entries.withValue { entries in
            if !parsed, entries[slot] == nil {
                if entries.count >= capacity { entries.removeAll() }
                entries[slot] = Entry(seed: seed)
            }
            guard let kept = entries[slot], kept.image == nil, kept.seed.records == seed.records else { return }
            entries[slot]?.image = image
        }
    }
}
