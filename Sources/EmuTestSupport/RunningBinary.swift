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
