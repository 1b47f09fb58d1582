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
