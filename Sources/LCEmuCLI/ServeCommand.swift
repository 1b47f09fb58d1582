import ArgumentParser
import Dispatch
import EmuAPI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// `lcemu serve`: run the emulator until SIGTERM or SIGINT.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the emulator (the default command).")

    @OptionGroup var options: ServeOptions

    func run() throws {
        var configuration = try options.configuration()
        let tls = try TLSSetup.make(options.tls.mode(), dataDirectory: configuration.dataDirectory)
        configuration.http.transportFactory = tls?.factory
        // The options were valid when we got here: what fails now is the machine's, exit 1.
        let emulator: EmulatorServer
        do {
            emulator = try EmulatorServer(configuration: configuration)
        } catch {
            throw StartFailure.opening(error)
        }
        do {
            try emulator.start()
        } catch {
            throw StartFailure.listening(host: configuration.http.host, port: configuration.http.port, error)
        }
        SignalHandling.onTermination { signalName in
            StandardStream.error.write("lcemu: \(signalName) received, shutting down\n")
            emulator.shutdown()
            StandardStream.error.write("lcemu: stopped\n")
            exitProcess(0)
        }
        printBanner(emulator, configuration, tls: tls?.description)
        dispatchMain()
    }

    /// The ready line: printed only once the database is open, migrated and seeded. With several
    /// apps each gets its block of keys, the default (first) one marked. Written in one unbuffered
    /// write: scripts wait for the "listening on" line through a pipe.
    private func printBanner(_ emulator: EmulatorServer, _ configuration: EmulatorConfiguration, tls: String?) {
        var lines = ["lcemu \(LCEmuVersion.current) listening on \(emulator.baseURL)"]
        let several = configuration.apps.count > 1
        for (index, app) in configuration.apps.enumerated() {
            lines.append("  app id:     \(app.appId)\(several && index == 0 ? " (default)" : "")")
            lines.append("  app key:    \(app.appKey)")
            lines.append("  master key: \(app.masterKey)")
            if let window = app.options.signMaxSkewMilliseconds(
                inheriting: AppOptions.milliseconds(seconds: configuration.signMaxSkewSeconds)) {
                let seconds = Double(window) / 1000
                lines.append("  sign skew:  ±\(seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)") s")
            }
        }
        if let tls { lines.append("  tls:        \(tls)") }
        if !configuration.corsOrigins.isEmpty {
            lines.append("  cors:       cookies allowed from \(configuration.corsOrigins.patterns.joined(separator: ", "))")
        }
        lines.append("  data:       \(configuration.dataDirectory)\(configuration.seedDirectory.map { " (seed: \($0))" } ?? "")")
        StandardStream.output.write(lines.joined(separator: "\n") + "\n")
    }
}
