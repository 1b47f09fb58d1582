import ArgumentParser
import EmuAPI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCWire
import Primitives

/// `lcemu exec [options] -- COMMAND [ARGUMENTS…]`: start an emulator, run a command against it,
/// stop the emulator, exit with the command's status (docs/configuration.md, "lcemu exec").
/// Firebase's `emulators:exec`, for LeanCloud: a test suite in CI needs one line.
struct ExecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exec",
        abstract: "Start an emulator, run a command against it, stop the emulator; exit with the command's status.",
        usage: "lcemu exec [<options>] -- <command> [<argument> ...]",
        discussion: """
            The emulator takes the options of serve, but starts in memory (--data :memory:) on a \
            free port (--port 0) unless --data, --port or their variables say otherwise. Once it is \
            ready the command runs with its address and the default app's keys in the environment: \
            LCEMU_URL, LCEMU_APP_ID, LCEMU_APP_KEY, LCEMU_MASTER_KEY, and for LeanCloud's SDKs \
            LEANCLOUD_API_SERVER, LEANCLOUD_APP_ID, LEANCLOUD_APP_KEY, LEANCLOUD_APP_MASTER_KEY and \
            LC_API_SERVER, LC_APP_ID, LC_APP_KEY, LC_APP_MASTER_KEY, and with --apps-on-demand-prefix \
            LCEMU_APPS_ON_DEMAND_PREFIX. SIGINT and SIGTERM are passed \
            to the command; a second one kills it. The exit status is the command's (128 + n when \
            signal n killed it; 127 when it cannot be started).
            """)

    @Option(name: .customLong("import"), help: ArgumentHelp(
        "Start the default app with this data instead of the seed, and return to it on reset: a file of lcemu export or --export-on-exit, or a seed folder. (default: the seed)",
        valueName: "file-or-folder"))
    var importPath: String?

    @Option(name: .customLong("export-on-exit"), help: ArgumentHelp(
        "When the command ends, whatever its status, write every class of the default app to this file (one document --import reads back).",
        valueName: "file"))
    var exportOnExit: String?

    @Option(name: .customLong("engine-command"), help: ArgumentHelp(
        "Start the default app's LeanEngine app with this shell command before the command, in the same environment, wait until it answers at --engine, and stop it after (docs/cloud-code.md).",
        valueName: "shell-command"))
    var engineCommand: String?

    @Flag(help: "No banner and no messages of lcemu's own: only the command's output, errors, and what a config file opens to other machines. The emulator logs errors only unless --log-level says otherwise.")
    var quiet = false

    @OptionGroup var options: ServeOptions

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The command to run and its arguments, after --.", valueName: "command"))
    var command: [String] = []

    func validate() throws {
        guard !command.isEmpty else {
            throw ValidationError("name the command to run after --, e.g. lcemu exec -- npm test")
        }
        try validateTransferPaths()
    }

    func run() throws {
        let initialData = try importPath.map(Self.loadImport)
        let quiet = self.quiet
        var defaults = ServeOptions.Defaults.exec
        if quiet { defaults.logLevel = .error }
        let emulator = try StartedEmulator.start(options, defaults: defaults, warn: !quiet) { configuration in
            if let initialData { configuration.initialData[configuration.apps[0].appId] = initialData }
        }
        let supervisor = CommandSupervisor()
        SignalHandling.onTermination { number in
            supervisor.received(number) { outcome in
                guard !quiet, let message = Self.message(for: outcome, signal: number) else { return }
                StandardStream.error.write("lcemu: \(message)\n")
            }
        }
        if !quiet {
            let imported = initialData.map { "  import:     \(importPath ?? "") (\($0.records.count) objects into \(emulator.defaultApp.appId))" }
            StandardStream.error.write(emulator.banner(extra: imported.map { [$0] } ?? []))
        }

        let environment = ExecEnvironment.merged(
            ExecEnvironment.variables(url: emulator.localURL, app: emulator.defaultApp,
                                      onDemandPrefix: emulator.configuration.appsOnDemandPrefix),
            into: ProcessInfo.processInfo.environment)
        var engine: ExecEngine?
        if let engineCommand {
            guard let client = emulator.server.app(emulator.defaultApp.appId)?.engine else {
                emulator.server.shutdown()
                throw ValidationError("--engine-command needs the default app's engine URL: --engine, LCEMU_ENGINE or the config file's \"engine\"")
            }
            do {
                engine = try ExecEngine.start(engineCommand, environment: environment, engine: client)
            } catch {
                emulator.server.shutdown()
                throw error
            }
        }
        let status = runCommand(supervisor, environment: environment)
        engine?.stop()
        let exported = exportOnExit.map { export(emulator, to: $0) } ?? true
        emulator.server.shutdown()
        if !quiet { StandardStream.error.write("lcemu: emulator stopped; the command's exit status was \(status)\n") }
        // A command that succeeded but whose data could not be written has not done its job.
        throw ExitCode(status == 0 && !exported ? 1 : status)
    }

    /// Starts the command and waits for it; its status, 127 when it cannot start, 128 + n when
    /// signal n arrived before it started.
    private func runCommand(_ supervisor: CommandSupervisor, environment: [String: String]) -> Int32 {
        do {
            let started = try supervisor.start { try CommandProcess.spawn(command, environment: environment) }
            if let process = started.process { return supervisor.waitForExit(of: process) }
            return 128 + (started.cancelledBy ?? SIGTERM)
        } catch {
            StandardStream.error.write("lcemu: \(error)\n")
            return 127
        }
    }

    private static func message(for outcome: CommandSupervisor.Received, signal: Int32) -> String? {
        let name = SignalHandling.name(of: signal)
        switch outcome {
        case .forwarded: return "\(name) received, passed to the command"
        case .killed: return "\(name) received again, killing the command (SIGKILL)"
        case .beforeStart: return "\(name) received before the command started: not running it"
        case .ignored: return nil
        }
    }
}
