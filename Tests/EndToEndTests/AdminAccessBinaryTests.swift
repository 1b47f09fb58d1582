import EmuTestSupport
import EmuHTTP
import EmuTLS
import EmuTesting
import Foundation
import Testing

/// `lcemu serve --admin-origins/--allowed-hosts` (and their variables) as a user runs it: the
/// banner says what is open, and `/__admin` answers exactly the names and origins given, plus
/// the self-signed certificate's `--tls-names`.
@Suite struct AdminAccessBinaryTests {
    @Test func theOptions_openAdminToTheNamesAndOriginsGiven_andTheCertificatesNames() throws {
        let data = try TemporaryDirectory()
        let server = try TestServer.start(.binary, arguments: 
            ["--data", data.path, "--allowed-hosts", "lcemu.internal", "--tls-self-signed", "--tls-names", "lcemu.test,*.dev.test"],
            environment: ["LCEMU_ADMIN_ORIGINS": "http://localhost:5173"])
        let banner = server.standardOutput.text
        #expect(banner.contains("  admin:      pages of http://localhost:5173 may call /__admin"))
        #expect(banner.contains("  hosts:      /__admin also answers for lcemu.internal, lcemu.test, .dev.test"))
        let certificate = try String(contentsOfFile: data.path("tls/self-signed-cert.pem"), encoding: .utf8)
        func health(_ headers: HTTPHeaders) throws -> BlockingHTTPClient.Response {
            let client = try BlockingHTTPClient(host: "127.0.0.1", port: server.port, timeout: 10) {
                try TLSClientStream(fd: $0, serverName: "localhost", trusting: certificate)
            }
            return try client.request("GET", "/__admin/health", headers: headers)
        }
        for host in ["lcemu.internal:\(server.port)", "lcemu.test", "a.dev.test", "localhost", "lcemu"] {
            #expect(try health(["Host": host]).status == 200, "\(host)")
        }
        #expect(try health(["Host": "evil.example"]).status == 403)
        let page = try health(["Origin": "http://localhost:5173"])
        #expect(page.status == 200 && page.headers["Access-Control-Allow-Origin"] == "http://localhost:5173")
        #expect(try health(["Origin": "http://localhost:5174"]).status == 403)
    }
}
