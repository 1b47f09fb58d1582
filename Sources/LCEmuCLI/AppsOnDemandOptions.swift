import ArgumentParser
import EmuAPI

/// Apps made on their first request (docs/testing.md): `--apps-on-demand-prefix` and
/// `--apps-on-demand-seeded`, or the config file's `server.appsOnDemandPrefix` and
/// `server.appsOnDemandSeeded` (the rule of `fixed`).
struct AppsOnDemandOptions: ParsableArguments {
    @Option(name: .customLong("apps-on-demand-prefix"), help: ArgumentHelp(
        "Unknown app ids starting with this prefix (e.g. demo-) get an app of their own on their first request with the default app's keys: an in-memory app made from the default app, with its keys (docs/testing.md). [env: LCEMU_APPS_ON_DEMAND_PREFIX] (default: none, off)",
        valueName: "prefix"))
    var prefix: String?

    @Flag(name: .customLong("apps-on-demand-seeded"), help: "Apps of --apps-on-demand-prefix start with the default app's seed instead of empty. [env: LCEMU_APPS_ON_DEMAND_SEEDED=1]")
    var seeded = false

    func apply(_ settings: ConfiguredSettings, to configuration: inout EmulatorConfiguration) throws {
        let prefix = try settings.fixed(settings.server.appsOnDemandPrefix, key: "appsOnDemandPrefix", option: "--apps-on-demand-prefix",
                                        given: self.prefix, variable: "LCEMU_APPS_ON_DEMAND_PREFIX")
            ?? Environment.optionalString(self.prefix, "LCEMU_APPS_ON_DEMAND_PREFIX")
        if let prefix {
            do { try AppConfiguration.validate(appId: prefix) } catch {
                throw ValidationError("--apps-on-demand-prefix: \(error)")
            }
        }
        configuration.appsOnDemandPrefix = prefix
        configuration.appsOnDemandSeeded = try settings.fixed(
            settings.server.appsOnDemandSeeded, key: "appsOnDemandSeeded", option: "--apps-on-demand-seeded",
            given: seeded ? true : nil, variable: "LCEMU_APPS_ON_DEMAND_SEEDED")
            ?? Environment.flag(seeded, "LCEMU_APPS_ON_DEMAND_SEEDED")
    }
}
