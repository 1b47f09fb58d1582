import EmuAPI

/// A setting that opens this server, or the app's secrets, beyond this machine (security review
/// F6), said at start as one stderr line and one banner line:
/// - the config file's `server` block: a host other than loopback, or CORS origins of other
///   machines. The file may have come with a repository someone cloned, so it must not do that
///   unnoticed: the lines say what the file set, which file, and how to keep it (say the same by
///   flag or variable, the user's own choice, which silences the warning) or undo it (remove it
///   from the file). A flag or variable alone is never warned of;
/// - an app's `engine` on another host, from the file, `--engine` or `LCEMU_ENGINE` alike: LCEmu
///   sends that host the app key (the master key for master callers), the hook key and users'
///   session tokens, as LeanCloud sends them to a deployed engine.
struct Exposure: Sendable, Equatable {
    /// The stderr line (without `lcemu: `).
    let warning: String
    let bannerLine: String

    /// nil for a loopback host, which nothing beyond this machine can reach.
    static func host(_ host: String, file: String) -> Exposure? {
        guard !isLoopback(host) else { return nil }
        return server(key: "host", value: host, option: "--host", variable: "LCEMU_HOST",
                      effect: "other machines can reach this server", file: file)
    }

    /// nil when every origin is of this machine: pages elsewhere cannot use the user's cookies.
    static func corsOrigins(_ patterns: [String], file: String) -> Exposure? {
        let remote = patterns.filter { !isLoopback(host(ofOrigin: $0)) }
        guard !remote.isEmpty else { return nil }
        return server(key: "corsOrigins", value: patterns.joined(separator: ","), option: "--cors-origins",
                      variable: "LCEMU_CORS_ORIGINS",
                      effect: "pages of \(remote.joined(separator: ", ")) may call with cookies", file: file)
    }

    /// A `server` setting of the file; `value` as the flag takes it (origins comma-separated).
    private static func server(key: String, value: String, option: String, variable: String, effect: String,
                               file: String) -> Exposure {
        let quoted = shellQuoted(value)
        return Exposure(warning: "warning: config file \(file) sets server.\(key) to \(value), so \(effect); "
                            + "to keep it pass \(option) \(quoted) (or \(variable)=\(quoted)), else remove it from the file",
                        bannerLine: "  warning:    server.\(key) of config file \(file): \(effect)")
    }

    /// nil for an engine on loopback. `source` says who set it: `config file <path>`, `--engine`
    /// or `LCEMU_ENGINE`.
    static func engine(_ engine: EngineSettings, appId: String, source: String) -> Exposure? {
        guard !isLoopback(engine.host) else { return nil }
        let gets = "the app key (the master key for master callers), the hook key and users' session tokens"
        return Exposure(warning: "warning: \(source) sets the engine of app \(appId) to \(engine.url), not on this machine: "
                            + "LCEmu sends it \(gets); keep the engine on loopback unless that host may have them",
                        bannerLine: "  warning:    engine of app \(appId) (\(source)): \(engine.url) gets \(gets)")
    }

    /// `localhost`, `*.localhost`, `127.x.x.x` and `::1` (bracketed or not).
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host == "[::1]"
            || (host.hasPrefix("127.") && host.split(separator: ".").count == 4 && host.allSatisfy { $0.isNumber || $0 == "." })
    }

    /// The host of a `--cors-origins` pattern (`scheme://host[:port|:*]`), IPv6 brackets kept.
    static func host(ofOrigin pattern: String) -> String {
        let authority = pattern.firstRange(of: "://").map { pattern[$0.upperBound...] } ?? Substring(pattern)
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") { return String(authority[...close]) }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? authority)
    }

    /// As typed in a shell: single-quoted when it holds anything but plain URL characters
    /// (`http://localhost:*` and `[::1]` would glob).
    private static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".:/,_-".contains($0)) }
        return plain ? text : "'" + text.replacing("'", with: #"'\''"#) + "'"
    }
}

extension ConfiguredSettings {
    /// `fixed` for a setting that can open this server beyond this machine. When the file's value
    /// does (`exposing` says how), a flag or variable saying the same (`explicit`) is no
    /// conflict but the user's confirmation, and nothing is said; unconfirmed, the value comes
    /// with its `Exposure`. Any other flag or variable beside the file's value conflicts.
    func widening<T: Equatable>(_ value: T?, key: String, option: String, given flag: Any?, variable: String,
                                saying explicit: T?, exposing: (T, String) -> Exposure?) throws -> (value: T?, exposure: Exposure?) {
        let exposure = path.flatMap { path in value.flatMap { exposing($0, path) } }
        if exposure != nil, explicit == value { return (value, nil) }
        return (try fixed(value, key: key, option: option, given: flag, variable: variable), exposure)
    }
}
