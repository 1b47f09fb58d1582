import ArgumentParser
import EmuHTTP
import EmuTLS
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCWire

/// `lcemu healthcheck`: exit 0 when the server answers its health endpoint. Needs no curl, so
/// the Docker image uses it for `HEALTHCHECK`.
struct HealthcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Exit 0 when the emulator at --url (or --host/--port) is ready, 1 otherwise.")

    @Option(help: "Base URL of the emulator, e.g. http://127.0.0.1:3000 or https://localhost:3000. [env: LCEMU_URL] (default: from --host/--port, https with the --tls-* options)")
    var url: String?

    @Option(help: "Seconds to wait for an answer. (default: 3)")
    var timeout: Double = 3

    @OptionGroup var options: ServeOptions

    func run() throws {
        // OpenSSL writes without MSG_NOSIGNAL: a server closing first must fail the check, not kill it.
        signal(SIGPIPE, SIG_IGN)
        let (scheme, host, port) = try target()
        do {
            // Over TLS the certificate is not verified: this checks that the server answers,
            // on an address the caller chose, not who it is.
            let client = try BlockingHTTPClient(host: host, port: port, timeout: timeout,
                                                stream: scheme == "https" ? { try TLSClientStream(fd: $0, serverName: host) } : nil)
            let response = try client.request("GET", "/__admin/health", headers: ["Connection": "close"])
            guard response.status == 200 else {
                let hint = response.bodyText.contains("serves HTTPS") ? " (the server speaks HTTPS: give the same --tls-* options or --url https://…)" : ""
                print("unhealthy: HTTP \(response.status)\(hint)\(Self.reason(in: response.bodyText))")
                throw ExitCode.failure
            }
            print("healthy: \(scheme)://\(host):\(port)")
        } catch let exit as ExitCode {
            throw exit
        } catch {
            print("unhealthy: \(error)")
            throw ExitCode.failure
        }
    }

    /// The `error` of a `{"status":"unhealthy","error":…}` answer (a damaged database), as `: …`.
    private static func reason(in body: String) -> String {
        let json = try? JSONParser.parse(Array(body.utf8))
        return json?["error"]?.stringValue.map { ": \($0)" } ?? ""
    }

    private func target() throws -> (scheme: String, host: String, port: Int) {
        if let raw = Environment.optionalString(url, "LCEMU_URL") {
            guard let components = URLComponents(string: raw), let scheme = components.scheme, ["http", "https"].contains(scheme),
                  let host = components.host else {
                throw ValidationError("--url must look like http://HOST:PORT or https://HOST:PORT, got '\(raw)'")
            }
            return (scheme, host, components.port ?? (scheme == "https" ? 443 : 80))
        }
        let (host, port) = try options.address()
        let scheme = try options.tls.mode() == .off ? "http" : "https"
        // A server bound to every interface is reached on loopback.
        return (scheme, host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host, port)
    }
}
