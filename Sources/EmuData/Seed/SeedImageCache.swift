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

    /// The key of a seed loaded from folders, or of no seed (an empty database's image); nil
    /// for an import, never cached.
    static func key(of provenance: SeedProvenance) -> String? {
        switch provenance.origin {
        case .seed: provenance.fingerprint.isEmpty ? nil : provenance.source + "\n" + provenance.fingerprint
        case .none: "(none)"
        case .imported: nil
        }
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
        guard let key = key(of: seed.provenance) else { return nil }
        return entries.withValue { $0[key]?.image }
    }

    /// Keeps the image of `db`, just filled with `seed` (call it outside a transaction). A seed
    /// loaded from folders is kept by `storing` first; its image is kept only while it is that
    /// very seed (the cache may have been emptied and refilled since).
    static func storeImage(of db: Database, filledWith seed: SeedData) throws {
        guard let key = key(of: seed.provenance), entries.withValue({ $0[key]?.image == nil }) else { return }
        let image = try db.serializedImage()
        entries.withValue { entries in
            if seed.provenance.origin == .none, entries[key] == nil {
                if entries.count >= capacity { entries.removeAll() }
                entries[key] = Entry(seed: seed)
            }
            guard let kept = entries[key], kept.image == nil, kept.seed.records == seed.records else { return }
            entries[key]?.image = image
        }
    }
}
