import EmuTestSupport
import EmuTesting
import Foundation
import Testing

/// `lcemu serve`'s exit statuses (docs/configuration.md, "Exit statuses"): 64 when the command
/// is wrong, 1 when it is right but the start fails; one line on stderr either way.
@Suite struct ExitStatusTests {
    let data: TemporaryDirectory

    init() throws { data = try TemporaryDirectory() }

    @Test func portInUse_exits1_withOneLineNamingTheAddress() async throws {
        let holder = try await TestServer.startAsync(.binary, arguments: ["--data", ":memory:", "--no-seed"])
        // At the default level an info line about the fresh database would come first.
        let outcome = try await RunningBinary.runAsync(["serve", "--host", "127.0.0.1", "--port", "\(holder.port)",
                                                        "--data", data.path, "--no-seed", "--log-level", "warning"])
        #expect(outcome.termination == .exited(1), "\(outcome.error)")
        #expect(outcome.error == "lcemu: cannot listen on 127.0.0.1:\(holder.port): address already in use\n")
        #expect(outcome.output.isEmpty)
    }

    @Test func badOptionValue_exits64() async throws {
        let outcome = try await RunningBinary.runAsync(["serve", "--port", "70000", "--data", data.path])
        #expect(outcome.termination == .exited(64))
        #expect(outcome.error == "lcemu: --port must be in 0...65535, got 70000\n")
    }

    @Test func tlsFilesThatDoNotLoad_exit1() async throws {
        let certificate = try data.write("cert.pem", "not a certificate\n")
        let key = try data.write("key.pem", "not a key\n")
        let outcome = try await RunningBinary.runAsync(["serve", "--port", "0", "--data", data.path("db"),
                                                        "--tls-cert", certificate, "--tls-key", key])
        #expect(outcome.termination == .exited(1), "\(outcome.error)")
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.error.hasPrefix("lcemu: TLS: cannot load the certificate chain from \(certificate)"))
    }

    @Test func tlsFileThatIsMissing_exits64_namingTheOption() async throws {
        let key = try data.write("key.pem", "not a key\n")
        let outcome = try await RunningBinary.runAsync(["serve", "--data", data.path,
                                                        "--tls-cert", "/nonexistent/cert.pem", "--tls-key", key])
        #expect(outcome.termination == .exited(64))
        #expect(outcome.error == "lcemu: --tls-cert: no file at '/nonexistent/cert.pem'\n")
    }

    @Test func databaseThatIsNotSQLite_exits1() async throws {
        try data.write("lcemu-dev-app-id.sqlite3", String(repeating: "not a database. ", count: 64))
        let outcome = try await RunningBinary.runAsync(["serve", "--port", "0", "--data", data.path, "--no-seed"])
        #expect(outcome.termination == .exited(1), "\(outcome.error)")
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.error.hasPrefix("lcemu: cannot start: "))
    }

    @Test func dataPathThroughAFile_exits64() async throws {
        let file = try data.write("file", "")
        let outcome = try await RunningBinary.runAsync(["serve", "--data", file + "/lcemu"])
        #expect(outcome.termination == .exited(64))
        #expect(outcome.error == "lcemu: --data: '\(file)/lcemu' cannot be a directory: '\(file)' is not one\n")
        let itself = try await RunningBinary.runAsync(["serve", "--data", file])
        #expect(itself.termination == .exited(64))
        #expect(itself.error == "lcemu: --data: '\(file)' is not a directory\n")
    }
}
