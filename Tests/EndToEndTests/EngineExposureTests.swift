import EmuTestSupport
import Foundation
import Testing

/// An app's engine on another host is said at start, like the config file's exposures (security
/// review F6; docs/security.md, docs/cloud-code.md): LCEmu sends the engine the app key (the
/// master key for master callers), the hook key and users' session tokens. One stderr line at
/// start (even with `exec --quiet`) and one banner line, whoever set it: the config file,
/// `--engine` or `LCEMU_ENGINE`. An engine on loopback is not.
///
/// The remote engine is `[fe80::1]`: a link-local address without an interface, which the
/// kernel refuses at `connect` (EINVAL), so the emulator's start-up probe sends nothing anywhere.
@Suite struct EngineExposureTests {
    static let remote = "http://[fe80::1]:3001"

    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// The stderr warning and the banner line of `appId`'s remote engine, set by `source`.
    static func lines(appId: String, source: String) -> (warning: String, banner: String) {
        let gets = "the app key (the master key for master callers), the hook key and users' session tokens"
        return ("lcemu: warning: \(source) sets the engine of app \(appId) to \(remote), not on this machine: LCEmu sends it \(gets); keep the engine on loopback unless that host may have them",
                "  warning:    engine of app \(appId) (\(source)): \(remote) gets \(gets)")
    }

    /// The warning lines of `exec … -- true`, quiet or not.
    func said(_ arguments: [String], environment: [String: String] = [:], quiet: Bool) async throws -> [String] {
        let ran = try await RunningBinary.runAsync(["exec", "--no-seed"] + (quiet ? ["--quiet"] : []) + arguments + ["--", "true"],
                                                   environment: environment)
        #expect(ran.termination == .exited(0), "\(ran.error)")
        return ran.error.split(separator: "\n").map(String.init).filter { $0.hasPrefix("lcemu: warning:") || $0.hasPrefix("  warning:") }
    }

    @Test func aRemoteEngine_isSaid_whoeverSetIt() async throws {
        let file = try directory.write("lcemu.json", #"""
            {"apps":[{"appId":"blog-dev","appKey":"k","masterKey":"m"},
                     {"appId":"shop-dev","appKey":"k2","masterKey":"m2","hookKey":"hk","engine":"\#(Self.remote)"}]}
            """#)
        let cases: [(arguments: [String], environment: [String: String], appId: String, source: String)] = [
            (["--engine", Self.remote], [:], "lcemu-dev-app-id", "--engine"),
            ([], ["LCEMU_ENGINE": Self.remote], "lcemu-dev-app-id", "LCEMU_ENGINE"),
            (["--config", file], [:], "shop-dev", "config file \(file)"),
        ]
        for (arguments, environment, appId, source) in cases {
            let expected = Self.lines(appId: appId, source: source)
            for quiet in [false, true] {
                let lines = try await said(arguments, environment: environment, quiet: quiet)
                #expect(lines == [expected.warning] + (quiet ? [] : [expected.banner]), "\(source), quiet: \(quiet)")
            }
        }
    }

    @Test(arguments: ["http://127.0.0.1:9", "http://localhost:9", "http://[::1]:9", "http://127.1.2.3:9"])
    func anEngineOnLoopback_isNotSaid(url: String) async throws {
        #expect(try await said(["--engine", url], quiet: false) == [])
    }
}
