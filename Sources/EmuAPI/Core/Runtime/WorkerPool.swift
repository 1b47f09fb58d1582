import Dispatch
import Primitives

/// A bounded pool for handlers that may block: a fixed number of serial lanes on one
/// concurrent queue, so slow work never starves the connection queues and never grows threads
/// without bound (architecture.md: "never block inside an I/O handler").
final class WorkerPool: Sendable {
    private let lanes: [DispatchQueue]
    private let next = Locked(0)

    init(width: Int) {
        let target = DispatchQueue(label: "lcemu.workers", attributes: .concurrent)
        lanes = (0..<max(1, width)).map { DispatchQueue(label: "lcemu.worker.\($0)", target: target) }
    }

    func submit(_ work: @escaping @Sendable () -> Void) {
        let index = next.withValue { value -> Int in
            value = (value + 1) % lanes.count
            return value
        }
        lanes[index].async(execute: work)
    }
}
