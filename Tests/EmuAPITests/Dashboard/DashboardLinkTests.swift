@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Primitives
import Testing

/// One-time dashboard links: a token traded once, within 15 minutes, for the app's master key.
@Suite struct DashboardLinkTests {
    @Test func link_carriesATokenInTheFragment_neverTheKey() throws {
        let emulator = try TestServer.start()
        let link = try #require(emulator.emulator.dashboardLoginLink(base: "http://127.0.0.1:1"))
        #expect(link.hasPrefix("http://127.0.0.1:1/__admin/ui/#app=\(emulator.app.appId)&login="))
        #expect(!link.contains(emulator.app.masterKey))
        #expect(link.split(separator: "=").last?.count == 32)
    }

    @Test func token_worksOnce() throws {
        let emulator = try TestServer.start()
        let link = try #require(emulator.emulator.dashboardLoginLink())
        let token = String(try #require(link.split(separator: "=").last))
        let client = emulator.inProcessClient(credentials: .headers(["X-LC-Id": emulator.app.appId]))
        let first = try client.post("/__admin/ui-login", json: ["token": .string(token)])
        #expect(first.status == 200)
        #expect(first.json?["masterKey"]?.stringValue == emulator.app.masterKey)
        #expect(first.json?["appId"]?.stringValue == emulator.app.appId)
        #expect(first.headers["Cache-Control"] == "no-store")
        let second = try client.post("/__admin/ui-login", json: ["token": .string(token)])
        #expect(second.status == 401)
        #expect(second.json?["code"] == 401)
    }

    @Test func unknownOrMissingToken_isRefused() throws {
        let emulator = try TestServer.start()
        _ = emulator.emulator.dashboardLoginLink()
        let client = emulator.inProcessClient(credentials: .headers(["X-LC-Id": emulator.app.appId]))
        for body: JSON in [["token": "x"], ["token": .string(String(repeating: "a", count: 32))], [:], ["token": 5]] {
            let response = try client.post("/__admin/ui-login", json: body)
            #expect(response.status == 401, "\(body)")
            #expect(response.json?["masterKey"] == nil)
        }
    }

    @Test func token_expiresAfter15Minutes_ofRealTime() {
        let seconds = Locked<UInt64>(1000)
        let links = DashboardLinks(now: { seconds.current })
        let late = links.mint()
        let onTime = links.mint()
        #expect(links.redeem(onTime))
        seconds.withValue { $0 += DashboardLinks.lifetime }
        #expect(!links.redeem(late))
    }

    @Test func mintingMany_keepsOnlyTheNewest() {
        let links = DashboardLinks()
        let oldest = links.mint()
        var newest = ""
        for _ in 0..<DashboardLinks.capacity { newest = links.mint() }
        #expect(!links.redeem(oldest))
        #expect(links.redeem(newest))
    }
}
