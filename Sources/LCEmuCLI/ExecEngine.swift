#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import EmuAPI

/// `lcemu exec --engine-command '<command>'`: the default app's LeanEngine app, started by
/// `/bin/sh -c` beside the emulator with the same environment as the command (the emulator's URL
/// as `LEANCLOUD_API_SERVER`, the keys, `LEANCLOUD_APP_HOOK_KEY`), awaited until it answers
/// `_ops/metadatas` at the `--engine` URL, and stopped (SIGTERM to its process group, SIGKILL
/// after `stopGrace` seconds) once the command has ended (docs/cloud-code.md#in-ci).
struct ExecEngine {
    static let readyTimeout = 60.0
    static let stopGrace = 5.0
    let process: CommandProcess
    let command: String

    /// Starts the engine and waits until `engine` answers; throws (exit 1) when the command
    /// cannot start, ends first, or does not answer within `readyTimeout` seconds.
    static func start(_ command: String, environment: [String: String], engine: any CloudEngine) throws -> ExecEngine {
        let process = try CommandProcess.spawn(["/bin/sh", "-c", command], environment: environment, ownGroup: true)
        let started = ExecEngine(process: process, command: command)
        let deadline = Double(DispatchTimeNanoseconds.now) / 1e9 + readyTimeout
        while true {
            if (try? engine.reload()) != nil { return started }
            if let status = started.endedStatus() {
                throw CommandFailure("--engine-command '\(command)' ended with status \(status) before the engine at \(engine.url) answered")
            }
            guard Double(DispatchTimeNanoseconds.now) / 1e9 < deadline else {
                started.stop()
                throw CommandFailure("--engine-command '\(command)': no engine answered at \(engine.url) within \(Int(readyTimeout)) s")
            }
            usleep(100_000)  // a start-up poll of the engine, not a test's wait
        }
    }

    /// The status of an engine that has ended (and is then reaped), nil while it runs.
    func endedStatus() -> Int32? {
        var status: Int32 = 0
        guard waitpid(process.pid, &status, WNOHANG) == process.pid else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// SIGTERM to its group, then SIGKILL after `stopGrace` seconds; reaps it.
    func stop() {
        _ = kill(-process.pid, SIGTERM)
        for _ in 0..<Int(Self.stopGrace * 20) {
            if endedStatus() != nil { return }
            usleep(50_000)
        }
        _ = kill(-process.pid, SIGKILL)
        _ = process.reap()
    }
}

/// Monotonic nanoseconds, for the start-up deadline.
enum DispatchTimeNanoseconds {
    static var now: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
