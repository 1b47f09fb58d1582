import EmuCrypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Primitives

/// Generates LeanCloud objectIds (MongoDB's format): 24 lowercase hex characters encoding 12 bytes,
///
///     4 bytes  Unix seconds, big-endian (so ids sort roughly by creation time)
///     5 bytes  random, fixed per generator (tells processes apart without coordination)
///     3 bytes  counter, big-endian, starting at a random value, incremented per id
///
/// Within one generator and one second, ids strictly increase until the 24-bit counter wraps
/// (16,777,216 ids). Thread-safe.
// @unchecked: `counter` is read and written under `lock`.
package final class ObjectIdGenerator: @unchecked Sendable {
    /// A process-wide generator.
    package static let shared = ObjectIdGenerator()

    private let processUnique: [UInt8]
    private let lock = Lock()
    private var counter: UInt32

    /// A generator with fresh random process bytes and a random counter start.
    convenience init() {
        let start = SecureRandom.bytes(3).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        self.init(processUnique: SecureRandom.bytes(5), counterStart: start)
    }

    /// A generator with given process bytes (exactly 5) and counter start (only the low 24 bits
    /// are used): for reproducible ids in tests.
    init(processUnique: [UInt8], counterStart: UInt32) {
        precondition(processUnique.count == 5, "processUnique must be 5 bytes")
        self.processUnique = processUnique
        self.counter = counterStart & 0xFF_FFFF
    }

    /// The next id, stamped with `seconds` since 1970 (the current time unless given).
    package func next(now seconds: Int64 = Int64(Date().timeIntervalSince1970)) -> String {
        lock.lock()
        let count = counter
        counter = (counter + 1) & 0xFF_FFFF
        lock.unlock()

        let time = UInt32(truncatingIfNeeded: seconds)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(12)
        bytes += [UInt8(time >> 24), UInt8(time >> 16 & 0xFF), UInt8(time >> 8 & 0xFF), UInt8(time & 0xFF)]
        bytes += processUnique
        bytes += [UInt8(count >> 16), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        return Hex.encode(bytes)
    }
}
