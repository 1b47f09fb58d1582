import LCWire

/// Where an app's LeanEngine app listens, and how long LCEmu waits for it (docs/cloud-code.md):
/// the config file's `engine` of an app, or `--engine`/`LCEMU_ENGINE` and `--engine-timeout` for
/// the default app. LCEmu calls it over plain HTTP, as LeanCloud calls a deployed engine.
public struct EngineSettings: Sendable, Equatable {
    /// `http://host:port` as given.
    public let url: String
    public let host: String
    public let port: Int
    /// Seconds an engine call may take before LCEmu answers 141; nil = LeanCloud's limits
    /// (`Limits`). When set it applies to functions and hooks alike.
    public var timeoutSeconds: Double?

    /// LeanCloud's own limits (its hook guide): functions 15 s, before-hooks 10 s, the others 3 s.
    public enum Limits {
        public static let function = 15.0
        public static let beforeHook = 10.0
        public static let otherHook = 3.0
        /// The largest answer LCEmu reads from the engine, as a `Content-Length`, chunked or
        /// up to the connection's end: 20 MiB, LeanCloud's limit of a request body.
        public static let answerBytes = 20 << 20
    }

    /// Parses `http://host[:port]` (port 80 when none): no path, no query, no TLS, since the
    /// engine runs beside LCEmu on this machine or in its network.
    public init(url: String, timeoutSeconds: Double? = nil) throws {
        guard url.hasPrefix("http://") else {
            throw ConfigurationError("the engine URL must look like http://127.0.0.1:3001, got '\(url)'")
        }
        var authority = Substring(url.dropFirst("http://".count))
        if authority.hasSuffix("/") { authority.removeLast() }
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("?"), !authority.contains("@") else {
            throw ConfigurationError("the engine URL must be http://host:port with no path, got '\(url)'")
        }
        var host = String(authority)
        var port = 80
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            guard let number = Int(authority[authority.index(after: colon)...]), (1...65_535).contains(number) else {
                throw ConfigurationError("the engine URL has no valid port: '\(url)'")
            }
            port = number
            host = String(authority[..<colon])
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ConfigurationError("the engine URL has no host: '\(url)'") }
        if let timeoutSeconds {
            guard timeoutSeconds.isFinite, timeoutSeconds > 0, timeoutSeconds <= 3600 else {
                throw ConfigurationError("the engine timeout must be more than 0 and at most 3600 seconds, got \(timeoutSeconds)")
            }
        }
        self.url = "http://\(authority)"
        self.host = host
        self.port = port
        self.timeoutSeconds = timeoutSeconds
    }

    /// The limit of one kind of call.
    public func timeout(_ kind: EngineCallKind) -> Double {
        if let timeoutSeconds { return timeoutSeconds }
        switch kind {
        case .function: return Limits.function
        case .beforeHook: return Limits.beforeHook
        case .otherHook: return Limits.otherHook
        }
    }

    /// The config file's `engine` of an app: `"http://…"` or `{"url": "http://…", "timeoutSeconds": 5}`.
    static func read(_ value: JSON) throws -> EngineSettings {
        if let text = value.stringValue { return try EngineSettings(url: text) }
        let object = try ConfigValue.object(value)
        try ConfigFile.rejectUnknownKeys(object, known: ["url", "timeoutSeconds"])
        guard let url = object["url"]?.stringValue else { throw ConfigurationError("missing \"url\"") }
        var timeout: Double?
        if let seconds = object["timeoutSeconds"] {
            do { timeout = try ConfigValue.seconds(seconds, allowZero: false) } catch let error as ConfigurationError {
                throw error.at("timeoutSeconds")
            }
        }
        return try EngineSettings(url: url, timeoutSeconds: timeout)
    }
}

/// The kinds of engine call, each with its own default time limit.
public enum EngineCallKind: Sendable {
    case function, beforeHook, otherHook
}
