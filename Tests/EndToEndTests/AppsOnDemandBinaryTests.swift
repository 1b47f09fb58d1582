import EmuAPI
import EmuTestSupport
import Foundation
import LCClient
import LCWire
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Apps on demand through the real binary (docs/testing.md, issue 31): the opt-in prefix as a
/// flag and a variable, what `lcemu exec` gives its command, and LCClient making, using and
/// dropping apps on the running server with nothing but that.
@Suite struct AppsOnDemandBinaryTests {
    /// The command of `lcemu exec --apps-on-demand-prefix demo-` prints what it was given and
    /// waits; this test then does what a test suite in the command would, with LCClient.
    @Test func execsCommand_getsThePrefix_andMakesAndDropsAppsWithWhatItIsGiven() async throws {
        let names = ["LCEMU_URL", "LCEMU_APP_ID", "LCEMU_APP_KEY", "LCEMU_MASTER_KEY", "LCEMU_APPS_ON_DEMAND_PREFIX"]
        let script = "echo \"given $$ \(names.map { "$\($0)" }.joined(separator: " "))\"; exec sleep 600"
        let (exec, line) = try await RunningBinary.startAsync(
            ["exec", "--quiet", "--no-seed", "--apps-on-demand-prefix", "demo-", "--", "/bin/sh", "-c", script],
            readyWhen: "given ", timeout: 30)
        let given = line.split(separator: " ").map(String.init)
        try #require(given.count == 7, "\(line)")
        let pid = pid_t(given[1]) ?? 0
        defer { if pid > 0 { kill(pid, SIGKILL) } }
        #expect(given[6] == "demo-")
        let template = try #require(LCApplication(id: given[3], key: given[4], serverURL: given[2], masterKey: given[5]))

        // The prefix: only the id changes; the first request makes the app.
        let worker = template.withAppId(given[6] + "worker-1")
        var post = LCObject(className: "Post")
        post.set("title", "worker 1's")
        try await post.save(in: worker)
        #expect(try await LCQuery(className: "Post").count(in: worker) == 1)
        #expect(try await LCQuery(className: "Post").count(in: template) == 0)

        // POST /__admin/apps with the template's master key: an app with keys of its own.
        let made = try await template.makeApp(appId: "made-1")
        #expect(made.id == "made-1" && made.key != template.key && made.masterKey != template.masterKey)
        #expect(try await LCQuery(className: "Post").count(in: made) == 0)
        let taken = await #expect(throws: LCError.self) { try await template.makeApp(appId: "made-1") }
        #expect(taken?.httpStatus == 409)

        // Dropped: their data goes, and the made app answers as an unknown one.
        try await template.dropApp(made)
        let gone = await #expect(throws: LCError.self) { try await LCQuery(className: "Post").count(in: made) }
        #expect(gone?.httpStatus == 401)
        try await template.dropApp(worker)
        #expect(try await LCQuery(className: "Post").count(in: worker) == 0)

        exec.signal(SIGTERM)
        #expect(try await RunningBinary.offThePool { exec.waitForExit(timeout: 30) } == .exited(128 + SIGTERM))
    }

    @Test func withoutThePrefix_execExportsNone_andAnIdOfItIsUnknown() async throws {
        let outcome = try await RunningBinary.runAsync(["exec", "--quiet", "--no-seed", "--", "/bin/sh", "-c",
                                                        "echo \"prefix=${LCEMU_APPS_ON_DEMAND_PREFIX-unset}\""])
        #expect(outcome.termination == .exited(0), "\(outcome.error)")
        #expect(outcome.output == "prefix=unset\n")
        let server = try await TestServer.startAsync(.binary)
        let demo = AppConfiguration(appId: "demo-1", appKey: server.app.appKey, masterKey: server.app.masterKey)
        #expect(try server.client(app: demo).get("/1.1/classes/Post").status == 401)
    }

    @Test func theVariable_turnsThePrefixOn_andABadPrefixIsAUsageError() async throws {
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", ":memory:", "--no-seed"],
                                                     environment: ["LCEMU_APPS_ON_DEMAND_PREFIX": "ci-"])
        #expect(server.standardOutput.text.contains("  on demand:  app ids ci-… made on first use (empty, the default app's keys)\n"))
        let app = AppConfiguration(appId: "ci-7", appKey: server.app.appKey, masterKey: server.app.masterKey)
        #expect(try server.client(app: app).post("/1.1/classes/Post", json: ["n": 1]).status == 201)
        let refused = try await RunningBinary.runAsync(["serve", "--port", "0", "--apps-on-demand-prefix", "a b"])
        #expect(refused.termination == .exited(64))
        #expect(refused.error.hasPrefix("lcemu: --apps-on-demand-prefix: "))
    }
}
