#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

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
