import EmuAPI
import EmuHTTP
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `serve` or `exec` could not start although its options were well formed: the machine refused,
/// not the user. These exit 1, usage errors 64 (docs/configuration.md, "Exit statuses"), so a
/// script can tell "fix the command" from "free the port, fix the files, retry".
enum StartFailure {
    /// `cannot listen on 127.0.0.1:3000: address already in use`.
    static func listening(host: String, port: Int, _ error: Error) -> CommandFailure {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return CommandFailure("cannot listen on \(address): \(reason(error))")
    }

    /// The databases, seed or data directory could not be opened or loaded; or `exec --import`
    /// met a database that already has data.
    static func opening(_ error: Error) -> CommandFailure {
        if let error = error as? InitialDataError {
            return CommandFailure("--import: \(error) (use --data :memory:, the default of exec, or an empty directory)")
        }
        return CommandFailure("cannot start: \(error)")
    }

    /// A certificate or key that exists but does not load, or a self-signed one that cannot be kept.
    static func tls(_ detail: String) -> CommandFailure {
        CommandFailure("TLS: \(detail)")
    }

    /// `strerror`'s text in lower case (`address already in use`), as the rest of the line is;
    /// a failure without errno (an unresolvable host) keeps its own words.
    private static func reason(_ error: Error) -> String {
        guard let socketError = error as? SocketError, socketError.code != 0 else { return "\(error)" }
        let text = String(cString: strerror(socketError.code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
