import EmuAPI
import EmuTestSupport
import EmuTesting
import Foundation
import LCWire
import Testing

/// A config file naming its apps' seeds and credentials and the server settings it fixes, through
/// the real binary (docs/configuration.md, "One setting, one place"): the file's setting wins,
/// a flag or variable for a setting the file also sets is a usage error naming both, and never
/// when the file does not set it.
@Suite struct ConfigFileCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("app/seed"), withIntermediateDirectories: true)
        try directory.write("app/seed/Post.json", #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"from the app's seed"}]"#)
    }

    static let app = AppConfiguration(appId: "blog-dev", appKey: "blog-dev-key", masterKey: "blog-dev-master")

    /// `app/lcemu.json` with the app (its seed `seed`, relative to the file) and `extra` keys.
    func config(app extra: String = "", server: String? = nil) throws -> String {
        let app = #"{"appId":"blog-dev","appKey":"blog-dev-key","masterKey":"blog-dev-master","seed":"seed"\#(extra)}"#
        return try directory.write("app/lcemu.json", #"{"apps":[\#(app)]\#(server.map { ",\"server\":\($0)" } ?? "")}"#)
    }

    func seedLines(_ server: TestServer) -> [String] {
        server.standardOutput.text.split(separator: "\n").filter { $0.hasPrefix("  seed:") }.map(String.init)
    }

    @Test func aFileWithoutServer_takesTheFlags_andSeedsTheAppFromItsOwnFolder() async throws {
        let file = try config()
        let server = try await TestServer.startAsync(.binary, arguments: ["--config", file, "--data", directory.path("data"),
                                                                          "--log-level", "warning", "--journal-size", "5"])
        #expect(seedLines(server) == ["  seed:       \(directory.path("app/seed")) (loaded 1 objects)"])
        #expect(server.standardOutput.text.contains("  data:       \(directory.path("data"))\n"))
        let posts = try server.client(app: Self.app, credentials: .masterKey).get("/1.1/classes/Post")
        #expect(posts.json?["results"]?.arrayValue?.first?["title"] == "from the app's seed")
    }

    @Test func aFileWithServer_needsNoOtherFlag_besidesPort() async throws {
        let file = try config(server: #"{"data":"data","journalSize":0,"logLevel":"warning","corsOrigins":["http://localhost:5173"]}"#)
        let server = try await TestServer.startAsync(.binary, arguments: ["--config", file])
        #expect(server.standardOutput.text.contains("  data:       \(directory.path("app/data"))\n"))
        #expect(server.standardOutput.text.contains("  cors:       cookies allowed from http://localhost:5173\n"))
        #expect(FileManager.default.fileExists(atPath: directory.path("app/data/blog-dev.sqlite3")))
    }

    @Test func theFilesAppsOnDemandPrefix_makesAppsFromTheDefaultApp_withItsKeys() async throws {
        let file = try config(server: #"{"appsOnDemandPrefix":"blog-test-","appsOnDemandSeeded":true}"#)
        let server = try await TestServer.startAsync(.binary, arguments: ["--config", file, "--data", ":memory:"])
        #expect(server.standardOutput.text.contains("  on demand:  app ids blog-test-… made on first use (seeded, the default app's keys)\n"))
        let made = AppConfiguration(appId: "blog-test-1", appKey: Self.app.appKey, masterKey: Self.app.masterKey)
        let posts = try server.client(app: made, credentials: .masterKey).get("/1.1/classes/Post")
        #expect(posts.json?["results"]?.arrayValue?.first?["title"] == "from the app's seed")
    }

    static let conflicts: [(server: String, arguments: [String], environment: [String: String], message: String)] = [
        (#"{"port":3999}"#, ["--port", "0"], [:], #"--port conflicts with "server.port" in config file CONFIG: set it in one place"#),
        (#"{"port":3999}"#, [], ["LCEMU_PORT": "0"], #"LCEMU_PORT conflicts with "server.port" in config file CONFIG: set it in one place"#),
        (#"{"host":"127.0.0.1"}"#, ["--port", "0", "--host", "127.0.0.1"], [:], #"--host conflicts with "server.host" in config file CONFIG: set it in one place"#),
        (#"{"data":":memory:"}"#, ["--port", "0", "--data", ":memory:"], [:], #"--data conflicts with "server.data" in config file CONFIG: set it in one place"#),
        (#"{"data":":memory:"}"#, ["--port", "0"], ["LCEMU_DATA": ":memory:"], #"LCEMU_DATA conflicts with "server.data" in config file CONFIG: set it in one place"#),
        (#"{"logLevel":"info"}"#, ["--port", "0", "--log-level", "info"], [:], #"--log-level conflicts with "server.logLevel" in config file CONFIG: set it in one place"#),
        (#"{"journalSize":5}"#, ["--port", "0", "--journal-size", "5"], [:], #"--journal-size conflicts with "server.journalSize" in config file CONFIG: set it in one place"#),
        (#"{"corsOrigins":[]}"#, ["--port", "0", "--cors-origins", "http://a.test"], [:], #"--cors-origins conflicts with "server.corsOrigins" in config file CONFIG: set it in one place"#),
        (#"{"appsOnDemandPrefix":"demo-"}"#, ["--port", "0", "--apps-on-demand-prefix", "demo-"], [:], #"--apps-on-demand-prefix conflicts with "server.appsOnDemandPrefix" in config file CONFIG: set it in one place"#),
        (#"{"appsOnDemandPrefix":"demo-"}"#, ["--port", "0"], ["LCEMU_APPS_ON_DEMAND_PREFIX": "demo-"], #"LCEMU_APPS_ON_DEMAND_PREFIX conflicts with "server.appsOnDemandPrefix" in config file CONFIG: set it in one place"#),
        (#"{"appsOnDemandSeeded":true}"#, ["--port", "0", "--apps-on-demand-seeded"], [:], #"--apps-on-demand-seeded conflicts with "server.appsOnDemandSeeded" in config file CONFIG: set it in one place"#),
        (#"{}"#, ["--port", "0", "--seed", "SEED"], [:], #"--seed conflicts with "seed" of app blog-dev in config file CONFIG: set it in one place"#),
        (#"{}"#, ["--port", "0"], ["LCEMU_SEED": "SEED"], #"LCEMU_SEED conflicts with "seed" of app blog-dev in config file CONFIG: set it in one place"#),
    ]

    @Test(arguments: conflicts)
    func aFlagForASettingTheFileSets_isAUsageError_namingBoth(
        server: String, arguments: [String], environment: [String: String], message: String
    ) async throws {
        let file = try config(server: server)
        let seed = directory.path("app/seed")
        let outcome = try await RunningBinary.runAsync(
            ["serve", "--config", file] + arguments.map { $0 == "SEED" ? seed : $0 },
            environment: environment.mapValues { $0 == "SEED" ? seed : $0 })
        #expect(outcome.termination == .exited(64), "\(outcome.error)")
        #expect(outcome.error == "lcemu: " + message.replacingOccurrences(of: "CONFIG", with: file) + "\n")
    }

    /// `--routes` and `LCEMU_ROUTES` beside the default app's own `routes`: the same rule, naming which.
    @Test func routes_beside_theDefaultAppsRoutes_conflict() async throws {
        let file = try config(app: #","routes":"routes""#)
        try FileManager.default.createDirectory(atPath: directory.path("app/routes"), withIntermediateDirectories: true)
        let setting = "\"routes\" of app blog-dev in config file \(file): set it in one place"
        let flag = try await RunningBinary.runAsync(["serve", "--config", file, "--port", "0", "--routes", directory.path("app/routes")])
        #expect(flag.termination == .exited(64))
        #expect(flag.error == "lcemu: --routes conflicts with \(setting)\n")
        let variable = try await RunningBinary.runAsync(["serve", "--config", file, "--port", "0"],
                                                        environment: ["LCEMU_ROUTES": directory.path("app/routes")])
        #expect(variable.termination == .exited(64))
        #expect(variable.error == "lcemu: LCEMU_ROUTES conflicts with \(setting)\n")
    }

    @Test func exec_followsTheSameRule() async throws {
        let file = try config(server: #"{"data":"data"}"#)
        let ran = try await RunningBinary.runAsync(["exec", "--config", file, "--", "true"])
        #expect(ran.termination == .exited(0), "\(ran.error)")
        #expect(ran.error.contains("  data:       \(directory.path("app/data"))\n"))
        let refused = try await RunningBinary.runAsync(["exec", "--config", file, "--data", ":memory:", "--", "true"])
        #expect(refused.termination == .exited(64))
        #expect(refused.error == "lcemu: --data conflicts with \"server.data\" in config file \(file): set it in one place\n")
    }

    /// `--quiet`'s "errors only" is a default like `:memory:`: the file's `logLevel` wins over it.
    @Test func execQuiet_logsAtTheFilesLogLevel() async throws {
        let quiet = try await RunningBinary.runAsync(["exec", "--quiet", "--config", config(), "--", "true"])
        #expect(quiet.termination == .exited(0), "\(quiet.error)")
        #expect(!quiet.error.contains("[info]"))
        let file = try config(server: #"{"logLevel":"info"}"#)
        let ran = try await RunningBinary.runAsync(["exec", "--quiet", "--config", file, "--", "true"])
        #expect(ran.termination == .exited(0), "\(ran.error)")
        #expect(ran.error.contains("[info] app blog-dev: seed: \(directory.path("app/seed")) (loaded 1 objects)\n"))
    }

    @Test func credentials_mustNameAUserOfTheSeed() async throws {
        try directory.write("app/seed/_User.json", #"[{"username":"18170957509","password":"123456","email":"u@example.com"}]"#)
        try directory.write("app/credentials.json", #"{"username":"18170957509","password":"123456","email":"u@example.com"}"#)
        let good = try config(app: #","credentials":"credentials.json""#)
        let server = try await TestServer.startAsync(.binary, arguments: ["--config", good, "--data", ":memory:"])
        let login = try server.client(app: Self.app).post("/1.1/login", json: ["username": "18170957509", "password": "123456"])
        #expect(login.status == 200)

        try directory.write("app/credentials.json", #"{"username":"someone-else","password":"123456"}"#)
        let drifted = try await RunningBinary.runAsync(["serve", "--port", "0", "--config", good, "--data", ":memory:"])
        #expect(drifted.termination == .exited(1))
        #expect(drifted.error == "lcemu: cannot start: credentials file \(directory.path("app/credentials.json")): user 'someone-else' is not in the app's seed\n")

        try directory.write("app/credentials.json", #"{"username":"18170957509"}"#)
        let broken = try await RunningBinary.runAsync(["serve", "--port", "0", "--config", good, "--data", ":memory:"])
        #expect(broken.termination == .exited(64))
        #expect(broken.error == "lcemu: config file \(good): apps[0].credentials: \(directory.path("app/credentials.json")): "
            + "\"username\" and \"password\" must be non-empty strings\n")
    }

    @Test func theLeanCloudBlogExample_serves_fromItsConfigFile() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("examples/apps/leancloud-blog/lcemu.json").path
        let server = try await TestServer.startAsync(.binary, arguments: ["--config", file, "--data", ":memory:"])
        #expect(seedLines(server) == ["  seed:       \(root.appendingPathComponent("examples/apps/leancloud-blog/seed").path) (loaded 6 objects)"])
    }
}
