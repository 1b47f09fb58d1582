import Dispatch
@testable import EmuHTTP
import Testing

/// The Dispatch model's receive buffer (`ThreadReadBuffer`): one per thread, lent again to every
/// receive on that thread, never shared between threads.
@Suite("Thread read buffers") struct ThreadReadBufferTests {
    /// The buffer this thread lends: its address and size.
    static func lent() -> (address: UInt, count: Int) {
        ThreadReadBuffer.lend { (UInt(bitPattern: $0.baseAddress), $0.count) }
    }

    @Test func aThread_isLentTheSameBufferEachTime() {
        let first = Self.lent(), second = Self.lent()
        #expect(first.address != 0 && first.address == second.address)
        #expect(first.count == readBufferSize)
    }

    @Test func twoThreadsAtOnce_areLentTwoBuffers() {
        let addresses = DispatchQueue(label: "addresses")
        nonisolated(unsafe) var seen: [UInt] = []
        let bothLent = DispatchGroup()
        // Two threads hold their buffers at the same moment, so neither can be the other's.
        let meet = DispatchSemaphore(value: 0), other = DispatchSemaphore(value: 0)
        for (mine, theirs) in [(meet, other), (other, meet)] {
            OwnThread.start(group: bothLent) {
                ThreadReadBuffer.lend { buffer in
                    addresses.sync { seen.append(UInt(bitPattern: buffer.baseAddress)) }
                    mine.signal()
                    theirs.wait()
                    return ()
                }
            }
        }
        bothLent.wait()
        #expect(seen.count == 2 && Set(seen).count == 2)
    }
}

/// A thread of its own (Dispatch's pool may run two items on one thread, one after the other).
private enum OwnThread {
    static func start(group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        DispatchQueue(label: "own thread").async {  // a serial queue with no target gets a thread
            body()
            group.leave()
        }
    }
}
