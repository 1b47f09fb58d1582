import EmuTestSupport
import Testing

/// What a terminal and a CI script get besides the commands: the version and shell completions,
/// generated from the same option definitions as `--help` (docs/configuration.md).
struct ShellIntegrationTests {
    @Test func version_printsTheVersionAlone() async throws {
        let outcome = try await RunningBinary.runAsync(["--version"])
        #expect(outcome.termination == .exited(0))
        #expect(outcome.output.wholeMatch(of: #/\d+\.\d+\.\d+\n/#) != nil, "\(outcome.output)")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScript_coversEveryCommand(shell: String) async throws {
        let outcome = try await RunningBinary.runAsync(["--generate-completion-script", shell])
        #expect(outcome.termination == .exited(0))
        for command in ["serve", "exec", "import", "export", "healthcheck"] {
            #expect(outcome.output.contains(command), "\(shell): \(command)")
        }
        #expect(outcome.output.contains("tls-self-signed"), "\(shell) completes options too")
    }
}
