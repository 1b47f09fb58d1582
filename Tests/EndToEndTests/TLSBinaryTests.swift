import EmuTestSupport
import EmuHTTP
import EmuTLS
import EmuTesting
import Foundation
import Testing

/// `lcemu serve` over HTTPS, as a user runs it: the self-signed certificate kept in the data
/// directory, a given certificate, the health check, and the API answering in `https` URLs.
@Suite struct TLSBinaryTests {
    static let appHeaders: HTTPHeaders = [
        "X-LC-Id": "lcemu-dev-app-id", "X-LC-Key": "lcemu-dev-app-key", "Content-Type": "application/json",
    ]

    /// A client that trusts only `certificatePEM` and checks it covers `serverName`.
    static func client(_ server: TestServer, serverName: String = "127.0.0.1", trusting certificatePEM: String) throws -> BlockingHTTPClient {
        try BlockingHTTPClient(host: "127.0.0.1", port: server.port, timeout: 10) {
            try TLSClientStream(fd: $0, serverName: serverName, trusting: certificatePEM)
        }
    }

    @Test func selfSigned_servesTheAPI_overHTTPS_withHTTPSLocations() throws {
        let data = try TemporaryDirectory()
        let server = try TestServer.start(.binary, arguments: ["--data", data.path, "--tls-self-signed"])
        #expect(server.standardOutput.text.contains("listening on https://127.0.0.1:\(server.port)"))
        let certificatePath = data.path("tls/self-signed-cert.pem")
        #expect(server.standardOutput.text.contains("  tls:        self-signed \(certificatePath)"))
        let certificate = try String(contentsOfFile: certificatePath, encoding: .utf8)

        let client = try Self.client(server, trusting: certificate)
        let created = try client.request("POST", "/1.1/classes/Note", headers: Self.appHeaders, body: Array(#"{"text":"hi"}"#.utf8))
        #expect(created.status == 201)
        #expect(created.headers["Location"]?.hasPrefix("https://") == true)
        #expect(try client.request("GET", "/1.1/classes/Note", headers: Self.appHeaders).bodyText.contains(#""text":"hi""#))
        #expect(try Self.client(server, serverName: "localhost", trusting: certificate).request("GET", "/__admin/health").status == 200)

        let key = try FileManager.default.attributesOfItem(atPath: data.path("tls/self-signed-key.pem"))
        #expect((key[.posixPermissions] as? Int) == 0o600)
    }

    @Test func selfSigned_isKeptAcrossRestarts_andRemadeWhenTheNamesChange() throws {
        let data = try TemporaryDirectory()
        let certificatePath = data.path("tls/self-signed-cert.pem")
        func start(_ extra: [String] = []) throws -> String {
            let server = try TestServer.start(.binary, arguments: ["--data", data.path, "--tls-self-signed"] + extra)
            server.signal(SIGTERM)
            #expect(server.waitForExit(timeout: 10) == .exited(0), "\(extra) \(server.standardOutput.text) \(server.standardError.text)")
            return try String(contentsOfFile: certificatePath, encoding: .utf8)
        }
        let first = try start()
        #expect(try start() == first)
        let renamed = try start(["--tls-names", "lcemu.test"])
        #expect(renamed != first)
        let server = try TestServer.start(.binary, arguments: ["--data", data.path, "--tls-self-signed", "--tls-names", "lcemu.test"])
        #expect(try Self.client(server, serverName: "lcemu.test", trusting: renamed).request("GET", "/__admin/health").status == 200)
    }

    @Test func givenCertificateFiles_areServed() throws {
        let data = try TemporaryDirectory()
        let certificate = try SelfSignedCertificate.generate()
        let certFile = try data.write("cert.pem", certificate.certificatePEM)
        let keyFile = try data.write("key.pem", certificate.privateKeyPEM)
        let server = try TestServer.start(.binary, arguments: ["--data", data.path, "--tls-cert", certFile, "--tls-key", keyFile])
        #expect(server.standardOutput.text.contains("  tls:        \(certFile)"))
        #expect(try Self.client(server, trusting: certificate.certificatePEM).request("GET", "/__admin/health").status == 200)
    }

    @Test func healthcheck_speaksTLS_whenTheServerDoes() throws {
        let data = try TemporaryDirectory()
        let server = try TestServer.start(.binary, arguments: ["--data", data.path], environment: ["LCEMU_TLS_SELF_SIGNED": "1"])
        let environment = ["LCEMU_TLS_SELF_SIGNED": "1", "LCEMU_PORT": "\(server.port)", "LCEMU_DATA": data.path]
        let healthy = try RunningBinary.run(["healthcheck"], environment: environment)
        #expect(healthy.termination == .exited(0), "\(healthy.output)")
        #expect(healthy.output == "healthy: https://127.0.0.1:\(server.port)\n")
        let byURL = try RunningBinary.run(["healthcheck", "--url", "https://127.0.0.1:\(server.port)"])
        #expect(byURL.termination == .exited(0))
        let plain = try RunningBinary.run(["healthcheck", "--port", "\(server.port)"])
        #expect(plain.termination == .exited(1))
        #expect(plain.output.contains("HTTP 400 (the server speaks HTTPS"), "\(plain.output)")
    }
}
