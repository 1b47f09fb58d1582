import EmuCrypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire
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

    /// The 5 process bytes, the first in the highest of their 40 bits.
    private let processUnique: UInt64
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
        self.processUnique = processUnique.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        self.counter = counterStart & 0xFF_FFFF
    }

    /// The next id, stamped with `seconds` since 1970 (the current time unless given).
    package func next(now seconds: Int64 = Int64(Date().timeIntervalSince1970)) -> String {
        lock.lock()
        let count = counter
        counter = (counter + 1) & 0xFF_FFFF
        lock.unlock()

        // The 24 digits written straight into the String: the byte arrays and hex encoding it
        // was made through were four allocations and ~2,000 instructions of every create.
        let time = UInt64(UInt32(truncatingIfNeeded: seconds))
        return String(unsafeUninitializedCapacity: LCObjectId.length) { text in
            Self.writeHex(time, digits: 8, into: text, at: 0)
            Self.writeHex(processUnique, digits: 10, into: text, at: 8)
            Self.writeHex(UInt64(count), digits: 6, into: text, at: 18)
            return LCObjectId.length
        }
    }

    /// Writes the low `digits` nibbles of `value` as lowercase hex, most significant first.
    private static func writeHex(_ value: UInt64, digits: Int, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        for index in 0..<digits {
            text[start + index] = Hex.lowercaseDigit(UInt8(truncatingIfNeeded: value >> (4 * (digits - 1 - index))) & 0x0F)
        }
    }
}
