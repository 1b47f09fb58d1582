import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

/// `lcemu serve` and the dashboard: the ready banner names it (after the unchanged "listening
/// on" line), the binary serves its files, and the printed one-time link logs in once.
@Suite struct DashboardBinaryTests {
    @Test func banner_printsTheDashboardAndAOneTimeLink_thatWorksOnce() async throws {
        let data = try TemporaryDirectory()
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", data.path("db")])
        // The banner is one write, but the pipe may hand it over in pieces: wait for its last line.
        _ = try #require(server.standardOutput.line(containing: "  data:", timeout: 10))
        let lines = server.standardOutput.text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("lcemu ") == true && lines.first?.contains(" listening on http://127.0.0.1:") == true)
        #expect(lines.contains("  dashboard:  http://127.0.0.1:\(server.port)/__admin/ui/"))
        let linkLine = try #require(lines.first { $0.hasPrefix("  log in:     ") })
        #expect(!linkLine.contains(AppConfiguration.development.masterKey))
        #expect(lines.last?.hasPrefix("  data:") == true)

        let page = try server.client(credentials: .none).get("/__admin/ui/")
        #expect(page.status == 200 && page.text.contains("LCEmu dashboard"))
        let fragment = try #require(linkLine.split(separator: "#").last?.split(separator: " ").first)
        let token = try #require(fragment.split(separator: "&").first { $0.hasPrefix("login=") }?.dropFirst("login=".count))
        let redeem = server.client(credentials: .headers(["X-LC-Id": AppConfiguration.development.appId]))
        let first = try redeem.post("/__admin/ui-login", json: ["token": .string(String(token))])
        #expect(first.json?["masterKey"]?.stringValue == AppConfiguration.development.masterKey)
        #expect(try redeem.post("/__admin/ui-login", json: ["token": .string(String(token))]).status == 401)
    }
}
