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
    /// `ownGroup`: in a process group of its own (the engine of `exec --engine-command`), so that
    /// stopping it stops what its shell started too.
    static func spawn(_ arguments: [String], environment: [String: String], ownGroup: Bool = false) throws -> CommandProcess {
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
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

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
