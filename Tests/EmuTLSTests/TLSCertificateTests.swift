import EmuTLS
import Foundation
import Testing

/// The self-signed certificate and the server context that loads certificates.
@Suite("TLS certificates")
struct TLSCertificateTests {
    @Test func generatedCertificate_isPEM_andLoadsIntoAServerContext() throws {
        let certificate = try SelfSignedCertificate.generate()
        #expect(certificate.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(certificate.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        _ = try TLSServerContext(certificate)
    }

    @Test func eachGeneration_makesANewKey() throws {
        let (a, b) = (try SelfSignedCertificate.generate(), try SelfSignedCertificate.generate())
        #expect(a.privateKeyPEM != b.privateKeyPEM)
    }

    @Test func aKeyThatIsNotTheCertificates_isRefused() throws {
        let (a, b) = (try SelfSignedCertificate.generate(), try SelfSignedCertificate.generate())
        let mixed = SelfSignedCertificate(certificatePEM: a.certificatePEM, privateKeyPEM: b.privateKeyPEM)
        let error = #expect(throws: TLSError.self) { try TLSServerContext(mixed) }
        #expect(error?.description.contains("does not match") == true)
    }

    @Test func files_loadLikeMemory_andAMissingFileIsNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lcemu-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificate = try SelfSignedCertificate.generate()
        let certFile = directory.appendingPathComponent("cert.pem").path
        let keyFile = directory.appendingPathComponent("key.pem").path
        try certificate.certificatePEM.write(toFile: certFile, atomically: true, encoding: .utf8)
        try certificate.privateKeyPEM.write(toFile: keyFile, atomically: true, encoding: .utf8)
        _ = try TLSServerContext(certificateChainFile: certFile, privateKeyFile: keyFile)

        let missing = directory.appendingPathComponent("nope.pem").path
        let error = #expect(throws: TLSError.self) { try TLSServerContext(certificateChainFile: missing, privateKeyFile: keyFile) }
        #expect(error?.description.contains(missing) == true)
    }

    @Test func garbage_isNotACertificate() {
        let garbage = SelfSignedCertificate(certificatePEM: "hello", privateKeyPEM: "world")
        #expect(throws: TLSError.self) { try TLSServerContext(garbage) }
    }

    @Test(arguments: [("127.0.0.1", true), ("::1", true), ("localhost", false), ("my.box.local", false), ("1.2.3", false)])
    func addressesAndHostNames_areTold(name: String, isIP: Bool) {
        #expect(SelfSignedCertificate.isIPAddress(name) == isIP)
    }
}
