#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// The command `lcemu exec` runs, as a child process: found on `PATH` like a shell would
/// (`posix_spawnp`), with standard input, output and error shared, every signal's action back
/// to the default and none blocked (the server ignores SIGPIPE; a child must not inherit that),
/// in lcemu's process group, so Ctrl-C in a terminal reaches it as it reaches any command.
struct CommandProcess {
    let pid: pid_t

    /// A command that could not be started: `cannot run 'foo': no such file or directory`.
    struct StartError: Error, CustomStringConvertible {
        let command: String
        let code: Int32

        var description: String {
            let text = String(cString: strerror(code))
            return "cannot run '\(command)': \(text.prefix(1).lowercased() + text.dropFirst())"
        }
    }

    /// Starts `arguments[0]` with the rest as its arguments and `environment` as its whole environment.
    static func spawn(_ arguments: [String], environment: [String: String]) throws -> CommandProcess {
        precondition(!arguments.isEmpty, "exec validates that a command is given")
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        sigdelset(&everySignal, SIGKILL)
        sigdelset(&everySignal, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawnp(&pid, arguments[0], nil, &attributes, argv, envp)
        guard code == 0 else { throw StartError(command: arguments[0], code: code) }
        return CommandProcess(pid: pid)
    }

    /// Sends `signal` to the command.
    func send(_ signal: Int32) {
        _ = kill(pid, signal)
    }

    /// Blocks until the command has ended, without reaping it: until `reap()` its pid cannot be
    /// reused, so a late signal never reaches another process.
    func waitUntilEnded() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
    }

    /// Reaps the ended command. Its status as a shell reports it: the exit code, or 128 + the
    /// number of the signal that killed it.
    func reap() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return 1 }  // not our child any more: cannot happen
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}

/// Between the signal handler and the thread that starts and waits for the command: the first
/// SIGINT or SIGTERM goes on to the command, a second one kills it (SIGKILL) for a command that
/// does not stop; one that arrives before the command starts means it never does.
final class CommandSupervisor: Sendable {
    enum Received: Equatable {
        /// Passed to the running command.
        case forwarded
        /// The command did not stop after the first: killed.
        case killed
        /// Before the command started: it will not start.
        case beforeStart
        /// After it ended: nothing to do.
        case ignored
    }

    private enum State {
        case notStarted
        case cancelled(by: Int32)
        case running(CommandProcess, signals: Int)
        case ended
    }

    private let state = Locked<State>(.notStarted)

    /// Starts the command through `spawn`, unless a signal came first: then returns its number
    /// and starts nothing. Under the lock, so a signal is either before or after the start.
    func start(_ spawn: () throws -> CommandProcess) throws -> (process: CommandProcess?, cancelledBy: Int32?) {
        try state.withValue { state in
            if case .cancelled(let signal) = state { return (nil, signal) }
            do {
                let process = try spawn()
                state = .running(process, signals: 0)
                return (process, nil)
            } catch {
                state = .ended
                throw error
            }
        }
    }

    /// A SIGINT or SIGTERM received by lcemu. `announce` hears the outcome before the signal
    /// goes on: once the command dies, `exec` may exit at once, and a line written after the
    /// signal would race that exit and be lost.
    @discardableResult
    func received(_ signal: Int32, announce: (Received) -> Void = { _ in }) -> Received {
        state.withValue { state in
            switch state {
            case .notStarted:
                state = .cancelled(by: signal)
                announce(.beforeStart)
                return .beforeStart
            case .cancelled:
                announce(.beforeStart)
                return .beforeStart
            case .running(let process, let signals):
                state = .running(process, signals: signals + 1)
                let outcome: Received = signals == 0 ? .forwarded : .killed
                announce(outcome)
                process.send(signals == 0 ? signal : SIGKILL)
                return outcome
            case .ended:
                announce(.ignored)
                return .ignored
            }
        }
    }

    /// Waits for the command to end, then ignores later signals; its status as a shell reports it.
    func waitForExit(of process: CommandProcess) -> Int32 {
        process.waitUntilEnded()
        state.withValue { $0 = .ended }
        return process.reap()
    }
}
