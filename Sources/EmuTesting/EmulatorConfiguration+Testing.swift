import EmuAPI

extension EmulatorConfiguration {
    /// What every in-test emulator starts from: loopback, a free port, an in-memory database,
    /// quiet logs, and the project's `seed/` only when asked for.
    static func forTesting(seeded: Bool) -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration()
        configuration.http.host = "127.0.0.1"
        configuration.http.port = 0
        configuration.dataDirectory = ":memory:"
        configuration.logLevel = .warning
        configuration.seedDirectory = seeded ? SeedLocator.defaultDirectory() : nil
        return configuration
    }
}
