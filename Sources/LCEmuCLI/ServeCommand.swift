import ArgumentParser
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        // Parks the main thread. Not `dispatchMain()`: nothing here runs on the main queue, and
        // on Linux it leaves the thread through `pthread_exit`, whose forced unwind of the stack
        // reads the unwind tables (~0.7 MB of .eh_frame_hdr, .eh_frame, .gcc_except_table) into
        // memory for good. Signals still reach the handler installed above.
        while true { pause() }
    }
}
