import EmuAPI

/// How every in-test emulator is configured and opened: users' `Emulator` and LCEmu's own
/// `TestServer` (EmuTestSupport, which reaches this through `package` access) start the same
/// way, so what a contributor's test exercises is what a user's test gets.
package enum EmulatorLaunch {
    /// What every in-test emulator starts from: loopback, a free port, an in-memory database,
    /// quiet logs, and the project's `seed/` only when asked for.
    package static func configuration(seeded: Bool) -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration()
        configuration.http.host = "127.0.0.1"
        configuration.http.port = 0
        configuration.dataDirectory = ":memory:"
        configuration.logLevel = .warning
        configuration.seedDirectory = seeded ? SeedLocator.defaultDirectory() : nil
        return configuration
    }

    /// Opens the databases with `open` (a test may add routes of its own) and, when `listening`,
    /// binds the socket; without it the server answers only in-process (`respond(to:)`).
    package static func start(
        _ configuration: EmulatorConfiguration, listening: Bool = true,
        open: (EmulatorConfiguration) throws -> EmulatorServer = { try EmulatorServer(configuration: $0) }
    ) throws -> EmulatorServer {
        let server = try open(configuration)
        if listening {
            do {
                try server.start()
            } catch {
                server.shutdown()
                throw error
            }
        }
        return server
    }
}
