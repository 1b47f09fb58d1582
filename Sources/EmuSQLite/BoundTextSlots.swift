import CSQLite

/// Where a statement keeps its own copy of short bound text: one fixed slot per parameter,
/// allocated with the statement's first text binding and reused by every later one. SQLite is
/// told the bytes are static (they live as long as the statement and change only when the
/// parameter is bound again), so it makes no copy: with SQLITE_TRANSIENT each bound string cost
/// a malloc per query (bench/allocations: two of a signed Post fetch's allocations).
final class BoundTextSlots {
    /// Longer text is bound as SQLITE_TRANSIENT: SQLite copies it.
    static let slotSize = 64
    private let storage: UnsafeMutablePointer<CChar>
    private let count: Int

    init(parameters: Int) {
        count = parameters
        storage = .allocate(capacity: max(parameters, 1) * Self.slotSize)
    }

    deinit { storage.deallocate() }

    /// Copies `bytes` into parameter `position`'s slot and binds it there; nil when it does not
    /// fit, so the caller binds a copy instead.
    func bind(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int32, of handle: OpaquePointer) -> Int32? {
        let index = Int(position) - 1
        guard index >= 0, index < count, bytes.count <= Self.slotSize, let base = bytes.baseAddress else { return nil }
        let slot = storage + index * Self.slotSize
        slot.withMemoryRebound(to: UInt8.self, capacity: bytes.count) { $0.update(from: base, count: bytes.count) }
        return sqlite3_bind_text64(handle, position, slot, UInt64(bytes.count), sqliteStatic, UInt8(SQLITE_UTF8))
    }
}
