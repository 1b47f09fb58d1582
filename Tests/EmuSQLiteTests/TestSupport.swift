import Foundation

/// Runs `body` with a fresh empty directory that is removed afterwards, whatever happens.
@discardableResult
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("emusqlite-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

/// An error thrown by test closures to force a rollback.
struct TestFailure: Error, CustomStringConvertible {
    var description: String { "test failure" }
}

/// Collects problems found on background threads, so the test thread can assert on them.
// @unchecked: mutable state is read and written under `lock`.
final class ProblemLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ problem: String) {
        lock.lock()
        entries.append(problem)
        lock.unlock()
    }

    var problems: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}

/// Runs each closure on its own real thread (not a pool that may be as narrow as the CPU
/// count) and waits for all of them.
func runOnThreads(_ bodies: [@Sendable () -> Void]) {
    let group = DispatchGroup()
    for body in bodies {
        group.enter()
        let thread = Thread {
            body()
            group.leave()
        }
        thread.start()
    }
    group.wait()
}

/// A flag set by one thread and read by others.
// @unchecked: mutable state is read and written under `lock`.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
