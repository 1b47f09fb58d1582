import EmuData
import EmuRouting
import LCWire
import Primitives

/// One app's named data snapshots, in memory: a restart forgets them, `POST /__admin/reset`
/// keeps them (they are the test's own baselines). At most `capacity` names.
public final class Snapshots: Sendable {
    public static let capacity = 20
    private let snapshots = Locked<[String: DataSnapshot]>([:])

    /// Keeps `snapshot` under `name`, replacing any; false when `capacity` names are taken.
    func keep(_ snapshot: DataSnapshot, as name: String) -> Bool {
        snapshots.withValue { all in
            guard all[name] != nil || all.count < Self.capacity else { return false }
            all[name] = snapshot
            return true
        }
    }

    public func snapshot(named name: String) -> DataSnapshot? { snapshots.current[name] }

    /// Every snapshot, by name.
    public var all: [(name: String, snapshot: DataSnapshot)] {
        snapshots.current.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    @discardableResult
    public func remove(_ name: String) -> Bool { snapshots.withValue { $0.removeValue(forKey: name) != nil } }
}

extension AppRuntime {
    /// Takes a snapshot of the app's data under `name`; false when too many are kept.
    public func takeSnapshot(named name: String) throws -> Bool {
        let snapshot = try database.write { db in try DataSnapshot.take(in: db, at: clock.now) }
        return snapshots.keep(snapshot, as: name)
    }

    /// Puts the data of snapshot `name` back, in one transaction; false when there is none.
    public func restoreSnapshot(named name: String) throws -> Bool {
        guard let snapshot = snapshots.snapshot(named: name) else { return false }
        try database.write { db in try snapshot.restore(into: db) }
        return true
    }
}
