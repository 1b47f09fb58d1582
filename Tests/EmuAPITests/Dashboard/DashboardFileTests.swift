@testable import EmuAPI
import EmuDashboard
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import Foundation
import LCWire
import Testing

/// `/__admin/ui/`: the dashboard's files, served open, never cached, under a strict CSP.
@Suite struct DashboardFileTests {
    @Test func page_isServedAtBothAddresses_withStrictHeaders() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient(credentials: .none)
        for path in ["/__admin/ui", "/__admin/ui/", "/__admin/ui/index.html"] {
            let response = try client.get(path)
            #expect(response.status == 200, "\(path)")
            #expect(response.headers["Content-Type"] == "text/html;charset=utf-8")
            #expect(response.headers["Cache-Control"] == "no-store")
            let policy = try #require(response.headers["Content-Security-Policy"])
            #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(response.headers["X-Content-Type-Options"] == "nosniff")
            #expect(response.text.contains("<script type=\"module\" src=\"/__admin/ui/app.js\"></script>"))
        }
    }

    /// The dashboard is admin surface: no `*` CORS as the API has (docs/security.md).
    @Test func everyAsset_hasItsContentType_andNoWildcardCORS() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient(credentials: .none)
        for name in DashboardAssets.names {
            let response = try client.get("/__admin/ui/\(name)")
            #expect(response.status == 200, "\(name)")
            #expect(response.body == DashboardAssets.asset(named: name)?.bytes)
            #expect(response.headers["Access-Control-Allow-Origin"] == nil)
            let type = response.headers["Content-Type"] ?? ""
            if name.hasSuffix(".js") { #expect(type == "text/javascript;charset=utf-8", "\(name)") }
            if name.hasSuffix(".css") { #expect(type == "text/css;charset=utf-8", "\(name)") }
        }
    }

    /// `--admin-origins`, not `--cors-origins`, opens the dashboard to a page of another origin;
    /// without cookies (the dashboard's calls carry the master key in headers).
    @Test func adminOrigins_notCookieOrigins_applyToTheDashboard() throws {
        let emulator = try TestServer.start {
            $0.corsOrigins = try! CORSOrigins(["http://localhost:*"])
            $0.adminOrigins = try! CORSOrigins(["http://localhost:5173"])
        }
        let client = emulator.inProcessClient(credentials: .none)
        let listed = try client.get("/__admin/ui/app.js", headers: ["Origin": "http://localhost:5173"])
        #expect(listed.status == 200)
        #expect(listed.headers["Access-Control-Allow-Origin"] == "http://localhost:5173")
        #expect(listed.headers["Access-Control-Allow-Credentials"] == nil)
        let cookieOnly = try client.get("/__admin/ui/app.js", headers: ["Origin": "http://localhost:5174"])
        #expect(cookieOnly.status == 403)
        #expect(cookieOnly.headers["Access-Control-Allow-Origin"] == nil)
        let other = try client.get("/__admin/ui/app.js", headers: ["Origin": "http://example.com"])
        #expect(other.status == 403)
        #expect(other.headers["Access-Control-Allow-Origin"] == nil)
    }

    @Test func unknownFile_is404_inTheAPIFormat() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient(credentials: .none)
        for path in ["/__admin/ui/nope.js", "/__admin/ui/..%2Fsecret", "/__admin/ui/app.js/more"] {
            let response = try client.get(path)
            #expect(response.status == 404, "\(path)")
            #expect(response.json?["code"] != nil && response.json?["error"] != nil, "\(path)")
        }
    }

    /// The table in DashboardAssets names every file of `ui/`, and only those.
    @Test func assetTable_listsEveryFileOfTheUIFolder() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/EmuDashboard/ui")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files == DashboardAssets.names)
    }

    /// No inline script anywhere (the CSP would block it) and no address outside this origin.
    @Test func assets_haveNoInlineScript_andNoExternalAddress() throws {
        for name in DashboardAssets.names {
            let text = String(decoding: try #require(DashboardAssets.asset(named: name)).bytes, as: UTF8.self)
            #expect(!text.contains("http://") && !text.contains("https://"), "\(name) names another origin")
            if name.hasSuffix(".html") {
                #expect(!text.contains("<script>") && !text.contains(" onclick=") && !text.contains("style="), "\(name)")
            }
        }
    }
}
