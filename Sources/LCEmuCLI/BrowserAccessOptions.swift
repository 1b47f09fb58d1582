import ArgumentParser
import EmuAPI

/// Who may call from a browser (docs/configuration.md): the origins that may send cookies to
/// the API (`--cors-origins`), the pages that may call /__admin (`--admin-origins`) and the Host
/// names /__admin answers (`--allowed-hosts`).
struct BrowserAccessOptions: ParsableArguments {
    @Option(name: .customLong("cors-origins"), help: "Comma-separated browser origins that may call with cookies, e.g. http://localhost:5173 or http://localhost:* (any port). [env: LCEMU_CORS_ORIGINS] (default: none; every origin may call without cookies)")
    var corsOrigins: String?

    @Option(name: .customLong("admin-origins"), help: "Comma-separated browser origins whose pages may call /__admin, e.g. http://localhost:5173 or http://localhost:* (any port). [env: LCEMU_ADMIN_ORIGINS] (default: none; only the dashboard's own origin and non-browser clients)")
    var adminOrigins: String?

    @Option(name: .customLong("allowed-hosts"), help: "Comma-separated Host names /__admin answers besides localhost, *.localhost, IP addresses, one-label names (lcemu), --host and --tls-names: a name (lcemu.internal), a domain with its subdomains (.example.test), or all. [env: LCEMU_ALLOWED_HOSTS] (default: none)")
    var allowedHosts: String?

    /// `--cors-origins`, or the config file's `server.corsOrigins` with its exposure when it
    /// opens more than a flag or variable says (the rule of `widening`).
    func corsOriginList(_ settings: ConfiguredSettings) throws -> (origins: CORSOrigins, exposure: Exposure?) {
        let explicit = Environment.list(corsOrigins, "LCEMU_CORS_ORIGINS")
        let file = try settings.widening(settings.server.corsOrigins, key: "corsOrigins", option: "--cors-origins",
                                         given: corsOrigins, variable: "LCEMU_CORS_ORIGINS",
                                         saying: explicit, exposing: Exposure.corsOrigins(_:file:))
        do {
            return (try CORSOrigins(file.value ?? explicit), file.exposure)
        } catch {
            throw ValidationError("--cors-origins: \(error)")
        }
    }

    /// `--admin-origins` and `--allowed-hosts`: who may reach /__admin from a browser.
    func adminAccess(into configuration: inout EmulatorConfiguration, tls: TLSOptions) throws {
        do {
            configuration.adminOrigins = try CORSOrigins(Environment.list(adminOrigins, "LCEMU_ADMIN_ORIGINS"))
        } catch {
            throw ValidationError("--admin-origins: \(error)")
        }
        do {
            configuration.allowedHosts = try AllowedHosts(Environment.list(allowedHosts, "LCEMU_ALLOWED_HOSTS") + certificateHosts(tls))
        } catch {
            throw ValidationError("--allowed-hosts: \(error)")
        }
    }

    /// The self-signed certificate's `--tls-names` are names this server is known by: `/__admin`
    /// answers them too (`*.example.test` as `.example.test`; IP addresses always are).
    private func certificateHosts(_ tls: TLSOptions) throws -> [String] {
        guard case .selfSigned(let names) = try tls.mode() else { return [] }
        return names.map { $0.hasPrefix("*.") ? String($0.dropFirst()) : $0 }.filter { (try? AllowedHosts([$0])) != nil }
    }
}
