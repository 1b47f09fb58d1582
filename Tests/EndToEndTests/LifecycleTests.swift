import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import Foundation
import LCWire
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real binary from start to shutdown.
@Suite struct LifecycleTests {
    func client(_ server: TestServer, app: AppConfiguration = .development,
                credentials: TestClient.Credentials = .signedAppKey) -> TestClient {
        server.client(app: app, credentials: credentials)
    }

    @Test func serve_answers_passesHealthcheck_andStopsCleanlyOnSIGTERM() async throws {
        let data = try TemporaryDirectory()
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", data.path, "--no-seed"])

        let health = try BlockingHTTPClient(host: "127.0.0.1", port: server.port).request("GET", "/__admin/health")
        #expect(health.status == 200)
        #expect(try JSONParser.parse(health.body) == ["status": "ok"])
        let date = try client(server).get("/1.1/date")
        #expect(date.status == 200)
        #expect(date.json?["__type"] == "Date")

        let url = "http://127.0.0.1:\(server.port)"
        let healthy = try await RunningBinary.runAsync(["healthcheck", "--url", url])
        #expect(healthy.termination == .exited(0), "\(healthy.error)")

        server.signal(SIGTERM)
        #expect(server.waitForExit(timeout: 15) == .exited(0))
        #expect(server.standardError.text.contains("SIGTERM received, shutting down"))
        #expect(server.standardError.text.contains("stopped"))

        // The same port, now without a server.
        let unhealthy = try await RunningBinary.runAsync(["healthcheck", "--url", url, "--timeout", "2"])
        #expect(unhealthy.termination != .exited(0))
        #expect(unhealthy.termination != nil)
    }

    @Test func serve_takesItsConfiguration_fromEnvironmentVariables() async throws {
        let data = try TemporaryDirectory()
        let app = AppConfiguration(appId: "env-app", appKey: "env-key", masterKey: "env-master")
        // No option at all: `lcemu serve`, everything from the environment (LCEMU_PORT=0 too).
        let server = try await TestServer.startAsync(.binary, arguments: [], environment: [
            "LCEMU_HOST": "127.0.0.1", "LCEMU_DATA": data.path, "LCEMU_NO_SEED": "1",
            "LCEMU_APP_ID": app.appId, "LCEMU_APP_KEY": app.appKey, "LCEMU_MASTER_KEY": app.masterKey,
            "LCEMU_LOG_LEVEL": "warning",
        ], portFrom: .environment)
        #expect(server.standardOutput.text.contains("app id:     env-app"))
        #expect(try server.client(app: app).get("/1.1/date").status == 200)
        #expect(try server.client(app: app, credentials: .masterKey).post("/__admin/reset").status == 200)
        #expect(FileManager.default.fileExists(atPath: data.path("env-app.sqlite3")))
        #expect(!server.standardError.text.contains("[info]"))
    }

    @Test func debugLogging_writesOneLinePerRequest_infoNone() async throws {
        let data = try TemporaryDirectory()
        let verbose = try await TestServer.startAsync(.binary, arguments: ["--data", data.path("a"), "--no-seed", "--log-level", "debug"])
        #expect(try verbose.client().get("/1.1/date?session_token=SECRET").status == 200)
        let line = verbose.standardError.line(containing: "GET /1.1/date 200", timeout: 10)
        #expect(line?.hasPrefix("[debug] ") == true)
        #expect(line?.contains("SECRET") == false)
        let quiet = try await TestServer.startAsync(.binary, arguments: ["--data", data.path("b"), "--no-seed", "--log-level", "info"])
        #expect(try quiet.client().get("/1.1/date").status == 200)
        quiet.signal(SIGTERM)
        _ = quiet.waitForExit(timeout: 10)
        #expect(!quiet.standardError.text.contains("GET /1.1/date"))
    }

    @Test func commandLine_winsOverTheEnvironment() async throws {
        let data = try TemporaryDirectory()
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", data.path, "--no-seed", "--log-level", "info"],
                                             environment: ["LCEMU_LOG_LEVEL": "loud", "LCEMU_PORT": "abc"])
        #expect(server.port > 0)
    }

    @Test func serve_withAConfigFile_servesEveryApp_andListsThemAll() async throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("apps.json", """
            {"apps":[
              {"appId":"blog","appKey":"blog-key","masterKey":"blog-master","options":{"signMaxSkewSeconds":60}},
              {"appId":"shop","appKey":"shop-key","masterKey":"shop-master"}
            ]}
            """)
        let server = try await TestServer.startAsync(.binary, arguments: ["--config", config, "--data", directory.path("data"), "--no-seed"])
        let banner = server.standardOutput.text
        #expect(banner.contains("app id:     blog (default)") && banner.contains("app id:     shop"))
        #expect(banner.contains("sign skew:  ±60 s"))
        let blog = AppConfiguration(appId: "blog", appKey: "blog-key", masterKey: "blog-master")
        let shop = AppConfiguration(appId: "shop", appKey: "shop-key", masterKey: "shop-master")
        #expect(try client(server, app: blog).get("/1.1/date").status == 200)
        #expect(try client(server, app: shop).get("/1.1/date").status == 200)
        #expect(try client(server, app: blog, credentials: .headers(["X-LC-Id": "blog", "X-LC-Key": "shop-key"]))
            .get("/1.1/date").status == 401)
        // blog's 60 s window refuses a signature two minutes old; shop has none.
        let old = Int64(Date().timeIntervalSince1970 * 1000) - 120_000
        for (app, status) in [(blog, 401), (shop, 200)] {
            let sign = LCRequestSignature.make(key: app.appKey, timestamp: old, master: false)
            let headers: HTTPHeaders = ["X-LC-Id": app.appId, "X-LC-Sign": sign]
            #expect(try client(server, app: app, credentials: .headers(headers)).get("/1.1/date").status == status)
        }
        #expect(FileManager.default.fileExists(atPath: directory.path("data/blog.sqlite3")))
        #expect(FileManager.default.fileExists(atPath: directory.path("data/shop.sqlite3")))
    }

    @Test func signMaxSkew_fromTheCommandLine_refusesOldSignatures() async throws {
        let data = try TemporaryDirectory()
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", data.path, "--no-seed", "--sign-max-skew", "30"])
        let app = AppConfiguration.development
        let old = Int64(Date().timeIntervalSince1970 * 1000) - 60_000
        let sign = LCRequestSignature.make(key: app.appKey, timestamp: old, master: false)
        let response = try client(server, credentials: .headers(["X-LC-Id": app.appId, "X-LC-Sign": sign])).get("/1.1/date")
        #expect(response.status == 401)
        #expect(response.headers["X-LCEmu-Auth-Error"]?.contains("off the server clock") == true)
        #expect(try client(server).get("/1.1/date").status == 200)
    }
}
