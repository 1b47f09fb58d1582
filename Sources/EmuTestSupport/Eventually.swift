import Dispatch

/// Waits until `condition` holds, checking it at once and then at growing intervals (1 ms
/// doubling to 100 ms), and answers whether it held before `timeout` seconds passed. For what a
/// test cannot be told about, such as a watched file's reload or a child's log line: the first
/// checks come fast, a slow machine is not flooded, and the deadline guards against a hang
/// without measuring speed.
///
/// ```swift
/// #expect(try eventually { try device.get("/v").json?["v"] == 2 })
/// ```
public func eventually(timeout: Double = 20, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = DispatchTime.now() + timeout
    var pause = 0.001
    let waiter = DispatchSemaphore(value: 0)
    while true {
        if try condition() { return true }
        let now = DispatchTime.now()
        guard now < deadline else { return false }
        // A semaphore nobody signals: the wait ends at the earlier of the pause and the deadline.
        _ = waiter.wait(timeout: min(now + pause, deadline))
        pause = min(pause * 2, 0.1)
    }
}

/// `eventually` for async tests: the checks run on a Dispatch thread, so a condition that blocks
/// on a socket does not hold one of the few threads every async test of the run shares.
public func eventually(timeout: Double = 20, _ condition: @escaping @Sendable () throws -> Bool) async throws -> Bool {
    try await offThePool { try eventually(timeout: timeout, condition) }
}

/// Runs a blocking `body` (a wait for a line, an exit, a socket) on a Dispatch thread.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}
