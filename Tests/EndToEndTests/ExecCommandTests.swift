import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lcemu exec [options] -- COMMAND` through the real binary (docs/configuration.md, "lcemu exec"):
/// the command's status, its environment, signals, and the data it starts from and leaves.
/// Every exec starts through the harness: `RunningBinary.runAsync` for a command run to completion,
/// `RunningBinary.startAsync` for one that waits to be signalled. Blocking waits run off the
/// concurrency pool (`RunningBinary.offThePool`).
@Suite struct ExecCommandTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// `lcemu exec --quiet --no-seed OPTIONS -- /bin/sh -c SCRIPT`, run to completion.
    static func sh(_ script: String, options: [String] = [], environment: [String: String] = [:]) async throws -> RunningBinary.Outcome {
        try await RunningBinary.runAsync(["exec", "--quiet", "--no-seed"] + options + ["--", "/bin/sh", "-c", script],
                                         environment: environment)
    }

    /// An exec whose command prints `pid <its pid> <LCEMU_URL>` and then sleeps in the same
    /// process; returned once that line is out, with the pid and the emulator's port.
    static func hangingCommand(_ options: [String] = [], prelude: String = "") async throws -> (exec: RunningBinary, pid: pid_t, port: Int) {
        let (exec, line) = try await RunningBinary.startAsync(
            ["exec"] + options + ["--", "/bin/sh", "-c", "\(prelude)echo \"pid $$ $LCEMU_URL\"; exec sleep 600"],
            readyWhen: "pid ", timeout: 30)
        let parts = line.split(separator: " ")
        guard parts.count == 3, let pid = pid_t(parts[1]), let port = parts[2].split(separator: ":").last.flatMap({ Int($0) }) else {
            throw BinaryError("unexpected line '\(line)'")
        }
        return (exec, pid, port)
    }

    static func waitForExit(_ exec: RunningBinary) async throws -> RunningBinary.Termination? {
        try await RunningBinary.offThePool { exec.waitForExit(timeout: 30) }
    }

    /// Whether a process of that pid still exists (a reaped child does not).
    static func exists(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// A failed test must not leave its sleeping command behind.
    static func killIfLeft(_ pid: pid_t) {
        if exists(pid) { kill(pid, SIGKILL) }
    }

    // MARK: Status

    @Test(arguments: [Int32(0), 1, 3])
    func exitStatus_isTheCommands(status: Int32) async throws {
        let outcome = try await Self.sh("exit \(status)")
        #expect(outcome.termination == .exited(status), "\(outcome.error)")
        #expect(outcome.error.isEmpty, "--quiet prints nothing of its own")
    }

    @Test(arguments: [(SIGTERM, "TERM"), (SIGKILL, "KILL")])
    func aCommandKilledBySignal_exits128PlusItsNumber(signal: Int32, name: String) async throws {
        let outcome = try await Self.sh("kill -\(name) $$")
        #expect(outcome.termination == .exited(128 + signal), "\(outcome.error)")
    }

    @Test func aCommandThatCannotStart_isOneLine_andStatus127() async throws {
        let missing = try await RunningBinary.runAsync(["exec", "--quiet", "--no-seed", "--", "lcemu-no-such-command"])
        #expect(missing.termination == .exited(127))
        #expect(missing.error == "lcemu: cannot run 'lcemu-no-such-command': no such file or directory\n")
        let script = try directory.write("not-executable.sh", "#!/bin/sh\n")
        let denied = try await RunningBinary.runAsync(["exec", "--quiet", "--no-seed", "--", script])
        #expect(denied.termination == .exited(127))
        #expect(denied.error == "lcemu: cannot run '\(script)': permission denied\n")
    }

    @Test func withoutQuiet_theBannerAndTheEndGoToStandardError_leavingStandardOutputToTheCommand() async throws {
        let outcome = try await RunningBinary.runAsync(["exec", "--no-seed", "--", "/bin/sh", "-c", "echo out; exit 2"])
        #expect(outcome.termination == .exited(2))
        #expect(outcome.output == "out\n")
        #expect(outcome.error.contains("listening on http://127.0.0.1:"), "\(outcome.error)")
        #expect(outcome.error.contains("  data:       :memory:\n"))
        #expect(outcome.error.hasSuffix("lcemu: emulator stopped; the command's exit status was 2\n"))
    }

    // MARK: Environment and readiness

    @Test func theCommandSees_theAddressAndTheDefaultAppsKeys_underEveryName() async throws {
        let outcome = try await Self.sh("env", options: ["--app-id", "exec-app", "--app-key", "exec-key", "--master-key", "exec-master"],
                                        environment: ["LC_API_SERVER": "https://stale.example.com", "LEANCLOUD_APP_ID": "stale"])
        #expect(outcome.termination == .exited(0), "\(outcome.error)")
        var variables: [String: String] = [:]
        for line in outcome.output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        let url = try #require(variables["LCEMU_URL"])
        let port = Int(url.dropFirst("http://127.0.0.1:".count)) ?? 0
        #expect(url.hasPrefix("http://127.0.0.1:") && port > 0, "a free port, not \(url)")
        for name in ["LEANCLOUD_API_SERVER", "LC_API_SERVER"] { #expect(variables[name] == url, "\(name)") }
        for name in ["LCEMU_APP_ID", "LEANCLOUD_APP_ID", "LC_APP_ID"] { #expect(variables[name] == "exec-app", "\(name)") }
        for name in ["LCEMU_APP_KEY", "LEANCLOUD_APP_KEY", "LC_APP_KEY"] { #expect(variables[name] == "exec-key", "\(name)") }
        for name in ["LCEMU_MASTER_KEY", "LEANCLOUD_APP_MASTER_KEY", "LC_APP_MASTER_KEY"] {
            #expect(variables[name] == "exec-master", "\(name)")
        }
        #expect(variables["LEANCLOUD_APP_HOOK_KEY"] == "lcemu-dev-hook-key", "the engine's hook key")
        #expect(variables["PATH"] != nil, "the rest of lcemu's environment is passed on")
    }

    @Test func theEmulatorIsReady_beforeTheCommandStarts() async throws {
        // healthcheck reads LCEMU_URL: one request, no retry.
        let lcemu = try RunningBinary.executable().path
        let outcome = try await RunningBinary.runAsync(["exec", "--quiet", "--", lcemu, "healthcheck"])
        #expect(outcome.termination == .exited(0), "\(outcome.output) \(outcome.error)")
        #expect(outcome.output.hasPrefix("healthy: http://127.0.0.1:"))
    }

    @Test func dataAndPort_followTheOptions_whenGiven() async throws {
        let data = directory.path("data")
        let outcome = try await Self.sh("echo \"$LCEMU_URL\"", options: ["--data", data])
        #expect(outcome.termination == .exited(0), "\(outcome.error)")
        #expect(FileManager.default.fileExists(atPath: directory.path("data/lcemu-dev-app-id.sqlite3")))
    }

    // MARK: Signals

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignal_reachesAHangingCommand_andExecExits128PlusIt_leavingNoProcess(signal: Int32) async throws {
        let (exec, pid, _) = try await Self.hangingCommand(["--no-seed"])
        defer { Self.killIfLeft(pid) }
        exec.signal(signal)
        #expect(try await Self.waitForExit(exec) == .exited(128 + signal), "\(exec.standardError.text)")
        #expect(!Self.exists(pid), "the command still runs")
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(exec.standardError.text.contains("lcemu: \(name) received, passed to the command\n"))
    }

    @Test func aCommandThatIgnoresTheSignal_isKilledByTheSecond() async throws {
        let (exec, pid, _) = try await Self.hangingCommand(["--no-seed"], prelude: "trap '' TERM; ")
        defer { Self.killIfLeft(pid) }
        exec.signal(SIGTERM)
        let passed = try await RunningBinary.offThePool {
            exec.standardError.line(containing: "SIGTERM received, passed to the command", timeout: 30)
        }
        #expect(passed != nil)
        #expect(Self.exists(pid), "the command ignores SIGTERM")
        exec.signal(SIGTERM)
        #expect(try await Self.waitForExit(exec) == .exited(128 + SIGKILL), "\(exec.standardError.text)")
        #expect(!Self.exists(pid))
        #expect(exec.standardError.text.contains("lcemu: SIGTERM received again, killing the command (SIGKILL)\n"))
    }

    // MARK: Import and export

    @Test func exportOnExit_evenOfAKilledCommand_importsBack_toTheSameData() async throws {
        let first = directory.path("first.json"), second = directory.path("second.json")
        let (exec, pid, port) = try await Self.hangingCommand(["--quiet", "--export-on-exit", first])
        defer { Self.killIfLeft(pid) }
        let client = TestClient(transport: .live(host: "127.0.0.1", port: port), app: .development, credentials: .appKey)
        let created = try await RunningBinary.offThePool { try client.post("/1.1/classes/Note", json: ["text": "kept"]) }
        #expect(created.status == 201)
        exec.signal(SIGTERM)
        #expect(try await Self.waitForExit(exec) == .exited(128 + SIGTERM))

        let document = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: first))))
        #expect(document["classes"]?["Post"]?["results"]?.arrayValue?.count == 40, "the seed")
        #expect(document["classes"]?["_User"]?["results"]?.arrayValue?.count == 1)
        #expect(document["classes"]?["Note"]?["results"]?[0]?["text"] == "kept")

        // Started from it (and not from the seed as well, whose ids would collide), the data is the same.
        let again = try await RunningBinary.runAsync(["exec", "--quiet", "--import", first, "--export-on-exit", second, "--", "true"])
        #expect(again.termination == .exited(0), "\(again.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == Data(contentsOf: URL(fileURLWithPath: first)))
    }

    @Test func import_ofAnExportOfOneClass_orOfASeedFolder() async throws {
        let out = directory.path("out.json")
        let file = try directory.write("Tag.json", #"{"results":[{"name":"swift","objectId":"65a1f0c0e4b0a1d2c3f50001"}]}"#)
        let fromFile = try await Self.sh("true", options: ["--import", file, "--export-on-exit", out])
        #expect(fromFile.termination == .exited(0), "\(fromFile.error)")
        let exported = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(exported["classes"]?.objectValue?.keys.map { $0 } == ["Tag"])
        #expect(exported["classes"]?["Tag"]?["results"]?[0]?["name"] == "swift")

        try FileManager.default.createDirectory(atPath: directory.path("seed"), withIntermediateDirectories: true)
        try directory.write("seed/Item.json", #"[{"name":"lamp"},{"name":"desk"}]"#)
        let fromFolder = try await Self.sh("true", options: ["--import", directory.path("seed"), "--export-on-exit", out])
        #expect(fromFolder.termination == .exited(0), "\(fromFolder.error)")
        let folder = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(folder["classes"]?["Item"]?["results"]?.arrayValue?.map { $0["name"] } == ["lamp", "desk"])
    }

    @Test func import_ofABadFile_exits1_beforeTheCommandRuns() async throws {
        let file = try directory.write("Post.json", #"[{"title":"ok"},{"read-time":3}]"#)
        let outcome = try await Self.sh("echo ran", options: ["--import", file])
        #expect(outcome.termination == .exited(1))
        #expect(outcome.error == "lcemu: --import: \(file): object 2: invalid field name 'read-time': a letter, then letters, digits or _\n")
        #expect(outcome.output.isEmpty)
    }

    @Test func import_intoADatabaseThatHasData_exits1() async throws {
        let data = directory.path("data")
        #expect(try await Self.sh("true", options: ["--data", data]).termination == .exited(0))
        let file = try directory.write("Tag.json", "[]")
        let outcome = try await Self.sh("echo ran", options: ["--data", data, "--import", file])
        #expect(outcome.termination == .exited(1))
        #expect(outcome.error.hasPrefix("lcemu: --import: the database of app lcemu-dev-app-id in \(data) already has data"))
        #expect(outcome.output.isEmpty)
    }
}
