import ArgumentParser
import EmuAPI

/// `--engine`, `--hook-key` and `--engine-timeout`: the default app's LeanEngine app
/// (docs/cloud-code.md). The config file's app sets them as `engine` and `hookKey` instead; then
/// the flags and their variables are refused for that app (the rule of `ConfiguredSettings`).
struct EngineOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The default app's LeanEngine app, which LCEmu calls for cloud functions and hooks, e.g. http://127.0.0.1:3001. [env: LCEMU_ENGINE] (default: none; functions answer their stubs only)", valueName: "url"))
    var engine: String?

    @Option(name: .customLong("hook-key"), help: "The default app's hook key: sent to the engine as X-LC-Hook-Key; with it a request may skip hooks (__ignore_hooks). [env: LCEMU_HOOK_KEY] (default: lcemu-dev-hook-key)")
    var hookKey: String?

    @Option(name: .customLong("engine-timeout"), help: "Seconds LCEmu waits for the engine before answering 141. [env: LCEMU_ENGINE_TIMEOUT] (default: LeanCloud's: 15 for functions, 10 for before-hooks, 3 for the other hooks)")
    var engineTimeout: Double?

    static let developmentHookKey = "lcemu-dev-hook-key"

    /// The default app (`app`, the first) with its hook key and engine: the file's when it sets
    /// them, else the flags', else the variables'.
    func apply(to app: AppConfiguration, settings: ConfiguredSettings) throws -> AppConfiguration {
        var app = app
        let label = "of app \(app.appId)"
        let fileHookKey = try settings.fixed(settings.document == nil ? nil : app.hookKey, setting: "\"hookKey\" \(label)",
                                             option: "--hook-key", given: hookKey, variable: "LCEMU_HOOK_KEY")
        let fileEngine = try settings.fixed(settings.document == nil ? nil : app.engine, setting: "\"engine\" \(label)",
                                            option: "--engine", given: engine, variable: "LCEMU_ENGINE")
        if fileEngine != nil {
            _ = try settings.fixed(app.engine, setting: "\"engine\" \(label)", option: "--engine-timeout",
                                   given: engineTimeout, variable: "LCEMU_ENGINE_TIMEOUT")
        }
        if fileHookKey == nil {
            app.hookKey = Environment.optionalString(hookKey, "LCEMU_HOOK_KEY")
                ?? (settings.document == nil ? Self.developmentHookKey : app.hookKey)
        }
        if fileEngine == nil, let url = Environment.optionalString(engine, "LCEMU_ENGINE") {
            let timeout = try Environment.optionalSeconds(engineTimeout, "LCEMU_ENGINE_TIMEOUT", range: 0...3600)
            do {
                app.engine = try EngineSettings(url: url, timeoutSeconds: timeout == 0 ? nil : timeout)
            } catch let error as ConfigurationError {
                throw ValidationError("--engine: \(error.reason)")
            }
            if app.hookKey == nil { app.hookKey = Self.developmentHookKey }
        }
        return app
    }
}
