import EmuTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// A config file's `server` block that opens the server beyond this machine, through the real
/// binary (docs/configuration.md, "A file that opens the server"; security review F6): one stderr
/// line per setting at start and one banner line, naming the setting, the file and how to keep or
/// undo it; silent when a flag or variable says the same, or when only a flag or variable set it.
@Suite struct ConfigFileExposureTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// `lcemu.json` with one app and this `server` block.
    func config(server: String) throws -> String {
        try directory.write("lcemu.json", #"{"apps":[{"appId":"blog-dev","appKey":"k","masterKey":"m"}],"server":\#(server)}"#)
    }

    static let remote = #"{"corsOrigins":["http://localhost:*","http://192.168.1.20:5173"]}"#

    /// The stderr warning and the banner line of `server.<key>` in `file`.
    static func lines(_ key: String, _ file: String) -> (warning: String, banner: String) {
        if key == "host" {
            return ("lcemu: warning: config file \(file) sets server.host to 0.0.0.0, so other machines can reach this server; to keep it pass --host 0.0.0.0 (or LCEMU_HOST=0.0.0.0), else remove it from the file",
                    "  warning:    server.host of config file \(file): other machines can reach this server")
        }
        let origins = "http://localhost:*,http://192.168.1.20:5173"
        return ("lcemu: warning: config file \(file) sets server.corsOrigins to \(origins), so pages of http://192.168.1.20:5173 may call with cookies; to keep it pass --cors-origins '\(origins)' (or LCEMU_CORS_ORIGINS='\(origins)'), else remove it from the file",
                "  warning:    server.corsOrigins of config file \(file): pages of http://192.168.1.20:5173 may call with cookies")
    }

    /// The file's `server` block, the flags and variables beside it, and the keys warned of.
    static let cases: [(server: String, arguments: [String], environment: [String: String], warned: [String])] = [
        (#"{"host":"0.0.0.0"}"#, [], [:], ["host"]),
        (remote, [], [:], ["corsOrigins"]),
        (#"{"host":"0.0.0.0","corsOrigins":["http://localhost:*","http://192.168.1.20:5173"]}"#, [], [:], ["host", "corsOrigins"]),
        // Said the same by flag or variable: the user's own choice, nothing to warn of.
        (#"{"host":"0.0.0.0"}"#, ["--host", "0.0.0.0"], [:], []),
        (#"{"host":"0.0.0.0"}"#, [], ["LCEMU_HOST": "0.0.0.0"], []),
        (remote, ["--cors-origins", "http://localhost:*,http://192.168.1.20:5173"], [:], []),
        (remote, [], ["LCEMU_CORS_ORIGINS": "http://localhost:*, http://192.168.1.20:5173"], []),
        // Set by flag or variable alone, or only loopback: nothing the file widened.
        (#"{}"#, ["--host", "0.0.0.0", "--cors-origins", "http://192.168.1.20:5173"], [:], []),
        (#"{"host":"127.0.0.1","corsOrigins":["http://localhost:5173","http://app.localhost:*","http://[::1]:8080"]}"#, [], [:], []),
    ]

    /// Through `exec`, whose banner is on stderr too: the warnings at start, the banner lines
    /// after. `--quiet` hides the banner, never the warnings.
    @Test(arguments: cases)
    func aFileOpeningTheServerBeyondThisMachine_isSaid_unlessAFlagOrVariableSaysTheSame(
        server: String, arguments: [String], environment: [String: String], warned: [String]
    ) async throws {
        let file = try config(server: server)
        let expected = warned.map { Self.lines($0, file) }
        for quiet in [false, true] {
            let ran = try await RunningBinary.runAsync(["exec", "--config", file, "--no-seed"] + (quiet ? ["--quiet"] : [])
                                                       + arguments + ["--", "true"], environment: environment)
            #expect(ran.termination == .exited(0), "\(ran.error)")
            let said = ran.error.split(separator: "\n").map(String.init).filter { $0.contains("warning:") }
            #expect(said == expected.map(\.warning) + (quiet ? [] : expected.map(\.banner)), "quiet: \(quiet)")
        }
    }

    /// `serve`: the warning on stderr at start, the banner line on stdout.
    @Test func serve_saysItOnStderr_andInTheBanner() async throws {
        let file = try config(server: #"{"host":"0.0.0.0"}"#)
        let server = try await TestServer.startAsync(.binary, arguments: ["--config", file, "--data", ":memory:", "--no-seed"])
        #expect(server.standardOutput.text.contains(Self.lines("host", file).banner + "\n"))
        server.signal(SIGTERM)
        #expect(server.waitForExit(timeout: 30) == .exited(0))
        #expect(server.standardError.waitForEnd(timeout: 30))
        #expect(server.standardError.text.split(separator: "\n").filter { $0.contains("warning:") }.map(String.init) == [Self.lines("host", file).warning])
    }

    /// Undoing it by flag is still the one-place rule's conflict: the file's setting must go.
    @Test func aDifferentFlag_stillConflicts() async throws {
        let file = try config(server: #"{"host":"0.0.0.0"}"#)
        let ran = try await RunningBinary.runAsync(["exec", "--config", file, "--host", "127.0.0.1", "--", "true"])
        #expect(ran.termination == .exited(64))
        #expect(ran.error == "lcemu: --host conflicts with \"server.host\" in config file \(file): set it in one place\n")
    }
}
