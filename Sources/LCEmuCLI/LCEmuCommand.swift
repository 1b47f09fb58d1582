import ArgumentParser

/// `lcemu`: a local emulator of the LeanCloud Storage REST API.
struct LCEmuCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lcemu",
        abstract: "A local emulator of the LeanCloud Storage REST API 1.1.",
        discussion: """
            An option whose help names an environment variable can also be set with it; \
            a command-line option wins over the environment.
            """,
        version: LCEmuVersion.current,
        subcommands: [ServeCommand.self, ExecCommand.self, HealthcheckCommand.self, ImportCommand.self, ExportCommand.self],
        defaultSubcommand: ServeCommand.self)
}

enum LCEmuVersion {
    static let current = "0.1.0"
}
