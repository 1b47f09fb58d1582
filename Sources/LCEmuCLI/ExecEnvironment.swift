import EmuAPI

/// What `lcemu exec` adds to its command's environment: the emulator's base URL and the default
/// app's keys, under LCEmu's names and under the names LeanCloud's SDKs and tools read, so an
/// app that configures itself from them talks to the emulator unchanged (docs/configuration.md):
///
/// - `LEANCLOUD_API_SERVER`, `LEANCLOUD_APP_ID`, `LEANCLOUD_APP_KEY`, `LEANCLOUD_APP_MASTER_KEY`:
///   what LeanEngine sets and lean-cli's `lean up` and `lean env` export; the Python SDK
///   (`leancloud/client.py`) and the LeanEngine Node.js SDK (`lib/storage-extra.js`) take the
///   API server from `LEANCLOUD_API_SERVER`.
/// - `LC_API_SERVER`, `LC_APP_ID`, `LC_APP_KEY`, `LC_APP_MASTER_KEY`: the older names lean-cli
///   sets beside them; tools that read only those (the Python SDK 3.0.2 falls back to
///   `LC_API_SERVER` when `LEANCLOUD_API_SERVER` is unset) must not find a stale one from the
///   caller's shell.
/// - `LEANCLOUD_APP_HOOK_KEY` when the app has a hook key: what a LeanEngine app started by the
///   command checks on every hook LCEmu calls (docs/cloud-code.md).
/// - `LCEMU_APPS_ON_DEMAND_PREFIX` when the prefix of apps made on first use is on: a test
///   fixture names `$LCEMU_APPS_ON_DEMAND_PREFIX<worker>` and keeps the default app's keys
///   (docs/testing.md). Without it a fixture still makes apps with `POST $LCEMU_URL/__admin/apps`
///   and `LCEMU_MASTER_KEY`.
enum ExecEnvironment {
    static func variables(url: String, app: AppConfiguration, onDemandPrefix: String? = nil) -> [(name: String, value: String)] {
        [
            ("LCEMU_URL", url), ("LCEMU_APP_ID", app.appId), ("LCEMU_APP_KEY", app.appKey),
            ("LCEMU_MASTER_KEY", app.masterKey),
            ("LEANCLOUD_API_SERVER", url), ("LEANCLOUD_APP_ID", app.appId), ("LEANCLOUD_APP_KEY", app.appKey),
            ("LEANCLOUD_APP_MASTER_KEY", app.masterKey),
            ("LC_API_SERVER", url), ("LC_APP_ID", app.appId), ("LC_APP_KEY", app.appKey),
            ("LC_APP_MASTER_KEY", app.masterKey),
        ] + (app.hookKey.map { [("LEANCLOUD_APP_HOOK_KEY", $0)] } ?? [])
            + (onDemandPrefix.map { [("LCEMU_APPS_ON_DEMAND_PREFIX", $0)] } ?? [])
    }

    /// lcemu's own environment with `variables` set over it.
    static func merged(_ variables: [(name: String, value: String)], into base: [String: String]) -> [String: String] {
        var environment = base
        for (name, value) in variables { environment[name] = value }
        return environment
    }
}
