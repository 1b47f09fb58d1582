import EmuAPI
import EmuTestSupport
import Foundation
import Testing

/// `--engine`, `--hook-key`, `--engine-timeout` and their variables through the real binary, and
/// the config file's `engine`/`hookKey` following the one-place rule (docs/cloud-code.md).
@Suite struct EngineOptionTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func config(_ extra: String) throws -> String {
        try directory.write("lcemu.json", #"{"apps":[{"appId":"blog-dev","appKey":"blog-dev-key","masterKey":"blog-dev-master"\#(extra)}]}"#)
    }

    @Test func theBanner_namesTheEngine_givenByFlagOrVariable() async throws {
        let flag = try await RunningBinary.runAsync(["exec", "--no-seed", "--engine", "http://127.0.0.1:3001", "--", "true"])
        #expect(flag.termination == .exited(0), "\(flag.error)")
        #expect(flag.error.contains("  engine:     http://127.0.0.1:3001\n"), "\(flag.error)")
        let variable = try await RunningBinary.runAsync(["exec", "--no-seed", "--", "true"],
                                                        environment: ["LCEMU_ENGINE": "http://127.0.0.1:3002", "LCEMU_HOOK_KEY": "k"])
        #expect(variable.error.contains("  engine:     http://127.0.0.1:3002\n"), "\(variable.error)")
    }

    @Test(arguments: [
        (["--engine", "https://127.0.0.1:3001"], "lcemu: --engine: the engine URL must look like http://127.0.0.1:3001, got 'https://127.0.0.1:3001'\n"),
        (["--engine", "http://127.0.0.1:3001/x"], "lcemu: --engine: the engine URL must be http://host:port with no path, got 'http://127.0.0.1:3001/x'\n"),
    ])
    func aBadEngineURL_isAUsageError(arguments: [String], message: String) async throws {
        let outcome = try await RunningBinary.runAsync(["serve", "--port", "0", "--data", ":memory:"] + arguments)
        #expect(outcome.termination == .exited(64))
        #expect(outcome.error == message)
    }

    @Test func aConfigFilesEngine_refusesTheFlagAndTheVariable() async throws {
        let file = try config(#","hookKey":"hk","engine":"http://127.0.0.1:3001""#)
        let flag = try await RunningBinary.runAsync(["serve", "--config", file, "--port", "0", "--engine", "http://127.0.0.1:9"])
        #expect(flag.termination == .exited(64))
        #expect(flag.error == "lcemu: --engine conflicts with \"engine\" of app blog-dev in config file \(file): set it in one place\n")
        let variable = try await RunningBinary.runAsync(["serve", "--config", file, "--port", "0"], environment: ["LCEMU_HOOK_KEY": "x"])
        #expect(variable.termination == .exited(64))
        #expect(variable.error == "lcemu: LCEMU_HOOK_KEY conflicts with \"hookKey\" of app blog-dev in config file \(file): set it in one place\n")
    }

    @Test func aConfigFileWithoutAnEngine_takesTheFlags() async throws {
        let file = try config("")
        let outcome = try await RunningBinary.runAsync(["exec", "--config", file, "--no-seed", "--engine", "http://127.0.0.1:3001",
                                                        "--hook-key", "hk", "--", "/bin/sh", "-c", "echo $LEANCLOUD_APP_HOOK_KEY"])
        #expect(outcome.termination == .exited(0), "\(outcome.error)")
        #expect(outcome.output == "hk\n")
        #expect(outcome.error.contains("  engine:     http://127.0.0.1:3001\n"))
    }

    @Test func engineCommand_thatEndsBeforeAnswering_failsTheRun_withoutRunningTheCommand() async throws {
        let outcome = try await RunningBinary.runAsync(["exec", "--no-seed", "--engine", "http://127.0.0.1:9",
                                                        "--engine-command", "exit 3", "--", "/bin/sh", "-c", "echo ran"])
        #expect(outcome.termination == .exited(1))
        #expect(outcome.output == "")
        #expect(outcome.error.contains("lcemu: --engine-command 'exit 3' ended with status 3 before the engine at http://127.0.0.1:9 answered\n"),
                "\(outcome.error)")
    }

    @Test func engineCommand_withoutAnEngineURL_isAUsageError() async throws {
        let outcome = try await RunningBinary.runAsync(["exec", "--no-seed", "--engine-command", "true", "--", "true"])
        #expect(outcome.termination == .exited(64))
        #expect(outcome.error.contains("--engine-command needs the default app's engine URL"), "\(outcome.error)")
    }
}
