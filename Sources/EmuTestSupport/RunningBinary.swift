import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `lcemu` executable as a child process: start it, find its port from the
/// "listening on" line, signal it, wait for its exit with a deadline, read what it printed.
/// Released while running, it is killed (SIGKILL) and reaped, so no test leaves a process behind.
///
/// Tests never start one directly; the harness has one entry point for each way the binary runs:
/// - a server, `lcemu serve`: `TestServer.start(.binary, …)` (port 0 from `--port` or from
///   `LCEMU_PORT`), which runs one of these;
/// - a command run to completion (`healthcheck`, `import`, `exec -- true`, …): `run`/`runAsync`;
/// - a command that runs until signalled (`lcemu exec` whose command waits): `start`/`startAsync`,
///   returned once the line that says it is ready is out.
///
/// ```swift
/// let server = try TestServer.start(.binary, arguments: ["--data", directory.path])
/// server.signal(SIGTERM)
/// #expect(server.waitForExit(timeout: 10) == .exited(0))
/// ```
// @unchecked: `port` is written once, by `serve`, before the value leaves the thread that made it.
public final class RunningBinary: @unchecked Sendable {
    /// How a process ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)
    }

    public let process = Process()
    public let standardOutput = OutputCollector()
    public let standardError = OutputCollector()
    private let ended = DispatchSemaphore(value: 0)
    /// Set by `serve`: the port of the "listening on" line.
    public private(set) var port = 0

    /// Starts `lcemu arguments…` with the test's environment minus every `LCEMU_` variable (so a
    /// developer's shell cannot change the outcome), plus `environment`.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = try Self.executable()
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LCEMU_") }
        variables.merge(environment) { _, new in new }
        process.environment = variables
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [ended] _ in ended.signal() }
        try process.run()
        // Our copies of the write ends would keep the readers from ever seeing end of file.
        try? output.fileHandleForWriting.close()
        try? error.fileHandleForWriting.close()
        standardOutput.drain(output.fileHandleForReading)
        standardError.drain(error.fileHandleForReading)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        _ = waitForExit(timeout: 10)
    }

    /// How long a test waits for a child to start or end before it fails: a guard against a hang,
    /// not a measure of speed. A clean clone's first full run, every test at once on 2 cores, was
    /// seen to report a child's exit more than 30 s late.
    public static let defaultTimeout: Double = 120

    /// Starts `lcemu serve --port 0 …` (or `lcemu serve …` with `LCEMU_PORT=0`) and waits for its
    /// ready line: the binary tier of `TestServer`.
    static func serve(_ arguments: [String], environment: [String: String] = [:], portFrom: TestServer.PortSource = .commandLine,
                      timeout: Double = defaultTimeout) throws -> RunningBinary {
        var environment = environment
        var command = ["serve"]
        switch portFrom {
        case .commandLine: command += ["--port", "0"]
        case .environment: environment["LCEMU_PORT"] = "0"
        }
        let binary = try RunningBinary(command + arguments, environment: environment)
        try binary.waitUntilListening(timeout: timeout)
        return binary
    }

    /// Starts `lcemu arguments…`, a command that runs until it is signalled, and answers it once
    /// its standard output has a line containing `fragment` (which the test reads: a pid, a URL).
    public static func start(_ arguments: [String], environment: [String: String] = [:], readyWhen fragment: String,
                             timeout: Double = defaultTimeout) throws -> (process: RunningBinary, line: String) {
        let binary = try RunningBinary(arguments, environment: environment)
        guard let line = binary.standardOutput.line(containing: fragment, timeout: timeout) else {
            throw BinaryError("no line containing '\(fragment)' within \(timeout) s; stderr: \(binary.standardError.text)")
        }
        return (binary, line)
    }

    /// Reads the port from `listening on http(s)://HOST:PORT`, then waits for the banner's last
    /// line (`data:`), so tests can read the whole banner.
    func waitUntilListening(timeout: Double = defaultTimeout) throws {
        guard let line = standardOutput.line(containing: "listening on http", timeout: timeout) else {
            throw BinaryError("no 'listening on' line within \(timeout) s; stderr: \(standardError.text)")
        }
        guard let portText = line.split(separator: ":").last, let port = Int(portText) else {
            throw BinaryError("no port in '\(line)'")
        }
        self.port = port
        guard standardOutput.line(containing: "  data:", timeout: timeout) != nil else {
            throw BinaryError("the banner did not finish: \(standardOutput.text)")
        }
    }

    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// How the process ended, or nil if it still runs after `timeout` seconds.
    public func waitForExit(timeout: Double) -> Termination? {
        guard ended.wait(timeout: .now() + timeout) == .success else { return nil }
        ended.signal()  // later callers (deinit) see the exit too
        _ = standardError.waitForEnd(timeout: 5)
        _ = standardOutput.waitForEnd(timeout: 5)
        let status = process.terminationStatus
        return process.terminationReason == .exit ? .exited(status) : .signaled(status)
    }

    /// The outcome of a command run to completion.
    public struct Outcome: Sendable {
        public var termination: Termination?
        public var output: String
        public var error: String
        /// The lines of standard error, without the final newline.
        public var errorLines: [Substring] { error.split(separator: "\n") }
    }

    /// Runs `lcemu arguments…` to completion (killed after `timeout` seconds).
    public static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = defaultTimeout) throws -> Outcome {
        let binary = try RunningBinary(arguments, environment: environment)
        let termination = binary.waitForExit(timeout: timeout)
        return Outcome(termination: termination, output: binary.standardOutput.text, error: binary.standardError.text)
    }
}

public struct BinaryError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

// MARK: - Finding the executable

extension RunningBinary {
    /// The `lcemu` built with this test bundle. `swift test` builds it because this target depends
    /// on `LCEmuCLI`, next to the test executable (Linux: `.build/<triple>/debug/`, where the
    /// `.xctest` is itself the executable; macOS: beside the `.xctest` bundle). `LCEMU_BINARY`
    /// overrides, e.g. to test a release build.
    public static func executable() throws -> URL {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["LCEMU_BINARY"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        #if os(Linux)
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        candidates.append(me.deletingLastPathComponent().appendingPathComponent("lcemu"))
        #endif
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("lcemu"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("lcemu"))
        // Last resort: the package's default build directory, found from this file.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/lcemu"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw BinaryError("no lcemu executable; looked at \(candidates.map(\.path).joined(separator: ", "))")
        }
        return found
    }
}

// MARK: - Off the concurrency pool

extension RunningBinary {
    /// `run`, waiting on a Dispatch thread: a test blocked on a child process would otherwise
    /// hold one of the few threads (one per core) every async test of the run shares, and an
    /// async story whose captcha or code lives a minute could then wait that long.
    public static func runAsync(_ arguments: [String], environment: [String: String] = [:],
                                timeout: Double = defaultTimeout) async throws -> Outcome {
        try await offThePool { try run(arguments, environment: environment, timeout: timeout) }
    }

    /// `start`, waiting for the ready line on a Dispatch thread (as `runAsync` waits).
    public static func startAsync(_ arguments: [String], environment: [String: String] = [:], readyWhen fragment: String,
                                  timeout: Double = defaultTimeout) async throws -> (process: RunningBinary, line: String) {
        try await offThePool { try start(arguments, environment: environment, readyWhen: fragment, timeout: timeout) }
    }

    /// Runs a blocking `body` (a wait for a line, an exit, a socket) on a Dispatch thread.
    public static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await EmuTestSupport.offThePool(body)
    }
}

// MARK: - OutputCollector

/// Everything a child process writes to one pipe, read on a background thread so the child
/// never blocks on a full pipe. Waiting for a line blocks on a condition with a deadline: no sleep.
// @unchecked: `data` and `finished` are read and written under `condition`.
public final class OutputCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var finished = false

    /// Starts draining `handle` until end of file.
    public func drain(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty { finished = true } else { data.append(chunk) }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    /// The text so far.
    public var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// The first complete line containing `fragment`, waiting at most `timeout` seconds;
    /// nil at the deadline or when the pipe closes without it.
    public func line(containing fragment: String, timeout: Double) -> String? {
        waitFor(timeout: timeout) { text, _ in
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .first { $0.contains(fragment) }.map(String.init)
        }
    }

    /// Waits until the writer closes the pipe; false at the deadline.
    public func waitForEnd(timeout: Double) -> Bool {
        waitFor(timeout: timeout) { _, finished in finished ? true : nil } ?? false
    }

    /// Re-evaluates `found` after every chunk until it returns a value; nil once the pipe has
    /// ended without one, or at the deadline.
    private func waitFor<T>(timeout: Double, _ found: (String, Bool) -> T?) -> T? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value = found(String(decoding: data, as: UTF8.self), finished) { return value }
            if finished { return nil }
            if !condition.wait(until: deadline) { return nil }
        }
    }
}
