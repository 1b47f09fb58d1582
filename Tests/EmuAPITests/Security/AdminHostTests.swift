@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// DNS rebinding: a page of `http://evil.example:3000` whose name now resolves to 127.0.0.1 calls
/// this server as its own origin. `/__admin` answers only for names this server is known by.
@Suite struct AdminHostTests {
    @Test func aRebindingPage_isRefused_withOrWithoutOrigin() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        for headers: HTTPHeaders in [["Host": "evil.example:3000", "Origin": "http://evil.example:3000"],
                                     ["Host": "evil.example:3000", "Sec-Fetch-Site": "same-origin"],
                                     ["Host": "evil.example:3000"], ["Host": "127.0.0.1.nip.io:3000"]] {
            let response = try admin.get("/__admin/routes", headers: headers)
            #expect(response.status == 403, "\(headers)")
            #expect(response.json?["code"] == 119)
            #expect(response.text.contains("--allowed-hosts (LCEMU_ALLOWED_HOSTS)"))
        }
        let added = try admin.post("/__admin/routes", json: ["id": "x", "request": ["path": "/x"]], headers: ["Host": "evil.example"])
        #expect(added.status == 403)
        #expect(try admin.get("/__admin/routes").json?["results"] == [])
        // The API answers every name, as LeanCloud's CORS lets every page call it anyway.
        #expect(try admin.get("/1.1/date", headers: ["Host": "evil.example:3000"]).status == 200)
    }

    @Test func localNames_addresses_andOneLabelServiceNames_areAllowed() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        for host in ["localhost", "LOCALHOST:3000", "localhost.:3000", "dash.localhost:3000", "127.0.0.1", "127.8.9.10:3000",
                     "[::1]:3000", "192.168.1.20:3000", "lcemu:3000", "lcemu"] {
            let response = try admin.get("/__admin/routes", headers: ["Host": host, "Origin": "http://\(host)"])
            #expect(response.status == 200, "\(host): \(response.text)")
        }
    }

    @Test func configuredHosts_andTheBoundName_areAllowed() throws {
        let emulator = try TestServer.start {
            $0.allowedHosts = try! AllowedHosts(["lcemu.internal", ".dev.example.test"])
            $0.http.host = "127.0.0.1"
        }
        let admin = emulator.inProcessClient(credentials: .masterKey)
        for (host, allowed) in [("lcemu.internal:3000", true), ("dev.example.test", true), ("a.b.dev.example.test:80", true),
                                ("evil.lcemu.internal", false), ("xdev.example.test", false), ("dev.example.test.evil.example", false)] {
            #expect((try admin.get("/__admin/health", headers: ["Host": host]).status == 200) == allowed, "\(host)")
        }
        let open = try TestServer.start { $0.allowedHosts = try! AllowedHosts(["all"]) }
        #expect(try open.inProcessClient(credentials: .masterKey).get("/__admin/health", headers: ["Host": "evil.example"]).status == 200)
    }

    @Test(arguments: [("localhost", "localhost"), ("LocalHost:80", "localhost"), ("[::1]:3000", "[::1]"), ("a.b.:1", "a.b"),
                      ("host:port", nil), ("", nil), ("a b", nil), ("\u{7F}:1", nil)] as [(String, String?)])
    func theHostHeader_isReadAsAName(header: String, name: String?) {
        #expect(AllowedHosts.hostName(ofHeader: header) == name)
    }

    @Test(arguments: ["0x7f.0.0.1", "1.2.3", "1.2.3.256", "-1.-1.-1.-1", "01234.1.1.1", "[::1", "[evil]", "[evil.example]", "[]"])
    func onlyCanonicalAddresses_areIPLiterals(host: String) {
        #expect(!AllowedHosts.isIPLiteral(host))
    }

    @Test(arguments: ["[::1]", "[fe80::1]", "[::ffff:127.0.0.1]", "127.0.0.1"])
    func addresses_areIPLiterals(host: String) {
        #expect(AllowedHosts.isIPLiteral(host))
    }

    @Test(arguments: ["http://lcemu:3000", "lcemu:3000", "", ".", "..x", "a/b", "*.example.test"])
    func aBadPattern_isAConfigurationError(pattern: String) {
        #expect(throws: ConfigurationError.self) { try AllowedHosts([pattern]) }
    }
}
