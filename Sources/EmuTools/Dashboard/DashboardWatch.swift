/// The names the dashboard and the pipeline agree on, so that the dashboard watches without
/// disturbing (the pipeline's `WatcherStage`, docs/dashboard.md).
package enum DashboardWatch {
    /// The marker the page sends with every call (`api.js`). It counts only beside the app's
    /// master key: then the call is not journaled and meets no fault and no custom route.
    package static let header = "X-LCEmu-Dashboard"
    /// Where the page trades a one-time link's token for the master key.
    package static let linkExchangePath = "/__admin/ui-login"
}
