@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// Files uploaded by any client are served from the dashboard's origin: none runs as a page
/// there (docs/files.md, "Served as passive content").
@Suite struct FileActiveContentTests {
    let emulator: TestServer

    init() throws { emulator = try TestServer.start(open: TestRoutes.emulator) }

    private func upload(name: String, type: String, _ text: String, tier: Tier) throws -> String {
        let tokens = try #require(try emulator.client(tier).post("/1.1/fileTokens", json: ["name": .string(name)]).json)
        let uploadURL = try #require(tokens["upload_url"]?.stringValue)
        let put = try emulator.client(tier, credentials: .none).send("PUT", target(of: uploadURL), body: Array(text.utf8),
                                                                     headers: ["Content-Type": type])
        #expect(put.status == 200)
        return target(of: try #require(tokens["url"]?.stringValue))
    }

    @Test(arguments: Tier.inProcessAndSocket, ["text/html", "TEXT/HTML; charset=utf-8", "image/svg+xml", "application/xhtml+xml",
                                     "text/xml", "application/xml", "application/javascript", "application/pdf",
                                     "application/x-unknown", "text/plain, text/html"])
    func activeTypes_areDownloaded_neverRendered(tier: Tier, type: String) throws {
        let path = try upload(name: "x.html", type: type, "<script>alert(sessionStorage.length)</script>", tier: tier)
        for form in [path, "/__files/\(emulator.app.appId)\(path)"] {
            for method in ["GET", "HEAD"] {
                let served = try emulator.client(tier, credentials: .none).send(method, form, body: [], headers: [:])
                #expect(served.status == 200)
                #expect(served.headers["Content-Disposition"] == "attachment")
                #expect(served.headers["X-Content-Type-Options"] == "nosniff")
                #expect(served.headers["Content-Security-Policy"]?.hasPrefix("sandbox;") == true)
                #expect(served.headers["Content-Security-Policy"]?.contains("default-src 'none'") == true)
            }
        }
    }

    @Test(arguments: Tier.inProcessAndSocket, ["text/plain", "image/png", "image/JPEG", "video/mp4", "application/json; charset=utf-8"])
    func passiveTypes_areInline_butStillSandboxed(tier: Tier, type: String) throws {
        let path = try upload(name: "x.bin", type: type, "bytes", tier: tier)
        let served = try emulator.client(tier, credentials: .none).get(path)
        #expect(served.text == "bytes")
        #expect(served.headers["Content-Type"] == type)
        #expect(served.headers["Content-Disposition"] == nil)
        #expect(served.headers["X-Content-Type-Options"] == "nosniff")
        #expect(served.headers["Content-Security-Policy"] == FileServingHeaders.contentSecurityPolicy)
    }

    /// The other ways to store bytes (named POST, JSON base64) are served the same way.
    @Test func namedPOST_html_isAnAttachment() throws {
        let created = try emulator.client(.inProcess).send("POST", "/1.1/files/page.html", body: Array("<h1>x</h1>".utf8),
                                                           headers: ["Content-Type": "text/html"])
        let served = try emulator.client(.inProcess, credentials: .none).get(target(of: created.json?["url"]?.stringValue ?? ""))
        #expect(served.body == Array("<h1>x</h1>".utf8))
        #expect(served.headers["Content-Disposition"] == "attachment")
        #expect(served.headers["X-Content-Type-Options"] == "nosniff")
    }

    @Test func isInline_readsTheEssenceOnly() {
        #expect(FileServingHeaders.isInline(" Text/Plain ;charset=utf-8"))
        #expect(!FileServingHeaders.isInline("text/plain, text/html"))
        #expect(!FileServingHeaders.isInline("text/plainx"))
        #expect(!FileServingHeaders.isInline(""))
    }
}
