import EmuTestSupport
import EmuTesting
import Foundation
import Testing

/// What the binary says about its options, and how it refuses bad ones. The binary is waited for
/// off the concurrency pool (`runAsync`), which the async story tests share.
@Suite struct CommandLineTests {
    static let badInvocations: [([String], [String: String])] = [
        (["serve", "--port", "abc"], [:]),
        (["serve", "--port", "70000"], [:]),
        (["serve", "--log-level", "loud"], [:]),
        (["serve", "--no-such-option"], [:]),
        (["--port", "-1"], [:]),
        (["serve"], ["LCEMU_PORT": "abc"]),
        (["serve"], ["LCEMU_MAX_BODY_BYTES": "-5"]),
        (["serve", "--sign-max-skew=-1"], [:]),
        (["serve", "--http-events", "poll"], [:]),
        (["serve"], ["LCEMU_HTTP_EVENTS": "epoll"]),
        (["serve", "--app-key", "same", "--master-key", "same"], [:]),
        (["serve", "--config", "/nonexistent/apps.json"], [:]),
        (["serve", "--config", "/nonexistent/apps.json", "--app-id", "x"], [:]),
        (["serve", "--tls-cert", "/nonexistent/cert.pem"], [:]),
        (["serve", "--tls-key", "/nonexistent/key.pem"], [:]),
        (["serve", "--tls-self-signed", "--tls-cert", "a.pem", "--tls-key", "b.pem"], [:]),
        (["serve", "--tls-names", "lcemu"], [:]),
        (["serve", "--tls-self-signed", "--tls-names", "ok,not ok"], [:]),
        (["serve", "--tls-cert", "/nonexistent/cert.pem", "--tls-key", "/nonexistent/key.pem"], [:]),
        (["serve"], ["LCEMU_TLS_CERT": "/nonexistent/cert.pem"]),
        (["serve", "--tls-self-signed", "--data", "/dev/null/lcemu"], [:]),
        (["serve", "--cors-origins", "localhost:5173"], [:]),
        (["serve"], ["LCEMU_CORS_ORIGINS": "http://localhost:5173/app"]),
        (["serve", "--admin-origins", "evil.example"], [:]),
        (["serve"], ["LCEMU_ALLOWED_HOSTS": "http://lcemu:3000"]),
        (["import"], [:]),
        (["export"], [:]),
        (["frobnicate"], [:]),
        (["exec"], [:]),
        (["exec", "true"], [:]),
        (["exec", "--port", "abc", "--", "true"], [:]),
        (["exec", "--import", "/nonexistent/data.json", "--", "true"], [:]),
        (["exec", "--export-on-exit", "/nonexistent/out.json", "--", "true"], [:]),
    ]

    @Test(arguments: badInvocations)
    func badOption_printsOneLine_andExits64(arguments: [String], environment: [String: String]) async throws {
        let data = try TemporaryDirectory()
        let outcome = try await RunningBinary.runAsync(arguments, environment: environment.merging(["LCEMU_DATA": data.path]) { a, _ in a })
        #expect(outcome.termination == .exited(64), "\(arguments): \(outcome.error)")
        #expect(outcome.errorLines.count == 1, "\(outcome.error)")
        #expect(outcome.error.hasPrefix("lcemu: "))
        #expect(!outcome.error.contains("Fatal error") && !outcome.error.contains("Stack"))
    }

    @Test func configConflict_namesBothOptions() async throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("apps.json", #"{"apps":[{"appId":"a","appKey":"k","masterKey":"m"}]}"#)
        let outcome = try await RunningBinary.runAsync(["serve", "--config", config, "--master-key", "x"])
        #expect(outcome.error == "lcemu: --master-key conflicts with --config: declare every app in the config file\n")
        let typo = try directory.write("typo.json", #"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","options":{"skew":1}}]}"#)
        let typoOutcome = try await RunningBinary.runAsync(["serve", "--config", typo])
        #expect(typoOutcome.error.hasPrefix("lcemu: config file \(typo): apps[0].options: unknown option 'skew' (known: signMaxSkewSeconds, "))
        #expect(typoOutcome.error.hasSuffix(")\n") && typoOutcome.error.split(separator: "\n").count == 1)
        #expect(typoOutcome.termination == .exited(64))
    }

    /// The option blocks of a `--help` text: each `--name` with its help, whitespace collapsed.
    static func optionBlocks(_ help: String) -> [(name: String, text: String)] {
        var blocks: [(String, String)] = []
        for line in help.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            let isOption = line.hasPrefix("  ") && (trimmed.hasPrefix("--") || trimmed.hasPrefix("-h, --"))
            if isOption, let name = trimmed.split(separator: " ").first(where: { $0.hasPrefix("--") }) {
                blocks.append((String(name), String(trimmed)))
            } else if !blocks.isEmpty, line.hasPrefix("      ") {
                blocks[blocks.count - 1].1 += " " + trimmed
            }
        }
        return blocks
    }

    @Test(arguments: ["serve", "exec", "import", "export"])
    func help_listsEveryOption_withItsEnvironmentVariable(command: String) async throws {
        let outcome = try await RunningBinary.runAsync([command, "--help"])
        #expect(outcome.termination == .exited(0))
        let blocks = Self.optionBlocks(outcome.output)
        #expect(blocks.count >= 3)
        for (name, text) in blocks where !["--help", "--version", "--class", "--wordpress", "--replace", "--out",
                                                              "--import", "--export-on-exit", "--engine-command", "--quiet", "--continue-on-error"].contains(name) {
            // `--progress/--no-progress`: one variable for the pair, named after the first.
            let option = name.split(separator: "/").first ?? Substring(name)
            let expected = "[env: LCEMU_" + option.dropFirst(2).uppercased().replacingOccurrences(of: "-", with: "_")
            #expect(text.contains(expected), "\(command) \(name): \(text)")
        }
    }

    @Test func serveHelp_namesTheNewOptions() async throws {
        let help = try await RunningBinary.runAsync(["serve", "--help"]).output
        let names = Self.optionBlocks(help).map(\.name)
        for option in ["--host", "--port", "--data", "--config", "--app-id", "--app-key", "--master-key", "--seed", "--no-seed",
                       "--log-level", "--sign-max-skew", "--durable-writes", "--workers", "--shutdown-grace", "--http-events",
                       "--tls-cert", "--tls-key", "--tls-self-signed", "--tls-names", "--cors-origins",
                       "--admin-origins", "--allowed-hosts"] {
            #expect(names.contains(option), "\(option)")
        }
    }
}
