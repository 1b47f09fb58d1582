import ArgumentParser
import Dispatch
import Primitives

/// `lcemu serve`: run the emulator until SIGTERM or SIGINT.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the emulator (the default command).")

    @OptionGroup var options: ServeOptions

    func run() throws {
        let emulator = try StartedEmulator.start(options)
        SignalHandling.onTermination { number in
            StandardStream.error.write("lcemu: \(SignalHandling.name(of: number)) received, shutting down\n")
            emulator.server.shutdown()
            StandardStream.error.write("lcemu: stopped\n")
            exitProcess(0)
        }
        // Printed only once the database is open, migrated and seeded, in one unbuffered write:
        // scripts wait for the "listening on" line through a pipe.
        StandardStream.output.write(emulator.banner(extra: emulator.dashboardLines))
        dispatchMain()
    }
}
