import ArgumentParser
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses, validates, delegates. Every failure ends in one line on stderr, never a stack trace:
/// bad input (`ValidationError`) with exit code 64 (usage), work that could not be done
/// (`CommandFailure`: a port in use, a file that does not load) with 1. `--help` and `--version`
/// print as usual.
@main
enum Entry {
    static func main() {
        do {
            var command = try LCEmuCommand.parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            exit(code.rawValue)  // the command already said why
        } catch {
            let exitCode = LCEmuCommand.exitCode(for: error)
            if exitCode == .success { LCEmuCommand.exit(withError: error) }
            let message = LCEmuCommand.message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "\(error)"
            StandardStream.error.write("lcemu: \(message)\n")
            exit(exitCode.rawValue)
        }
    }
}

/// The C `exit`, reachable from inside commands (where `exit` names ArgumentParser's).
func exitProcess(_ code: Int32) -> Never { exit(code) }

// MARK: - The command tree

/// `lcemu`: a local emulator of the LeanCloud Storage REST API.
struct LCEmuCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lcemu",
        abstract: "A local emulator of the LeanCloud Storage REST API 1.1.",
        discussion: """
            An option whose help names an environment variable can also be set with it; \
            a command-line option wins over the environment.
            """,
        version: LCEmuVersion.current,
        subcommands: [ServeCommand.self, ExecCommand.self, HealthcheckCommand.self, ImportCommand.self, ExportCommand.self],
        defaultSubcommand: ServeCommand.self)
}

enum LCEmuVersion {
    static let current = "0.1.0"
}

// MARK: - CommandFailure

/// A command that could not do its work: `Entry` prints the message as one line and exits 1
/// (usage errors, `ValidationError`, exit 64).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
