import EmuHTTP
import EmuRouting
import EmuTools

/// Watchers: the dashboard's own calls watch without disturbing. A call that carries the
/// dashboard's marker (`X-LCEmu-Dashboard`) **and** its app's master key is never written to the
/// request journal, never meets an injected fault (nor uses one up), and is never answered by a
/// custom route (which could move a scenario on); it is routed, authenticated and answered as
/// any other call. The marker alone counts for nothing: an app that copies the header keeps its
/// faults and its journal, since an app ships with its app key, not the master key
/// (docs/dashboard.md, "Watching changes nothing").
///
/// Also never journaled: the dashboard's files and its one-time link exchange
/// (`/__admin/ui…`), which a browser loads with no header to mark them.
struct WatcherStage: Sendable {
    let authenticator: AppAuthenticator

    /// Whether `request` is the dashboard watching: marked, with a master key that verifies.
    /// Every other request pays a test of its names' lengths (`FieldNameLengths`), or one lookup.
    @inline(__always)
    func isWatching(_ request: HTTPRequest, nameLengths: FieldNameLengths) -> Bool {
        nameLengths.mayContain(DashboardWatch.header) && isMarkedWithMasterKey(request)
    }

    private func isMarkedWithMasterKey(_ request: HTTPRequest) -> Bool {
        guard request.headers[DashboardWatch.header] != nil else { return false }
        guard let outcome = try? authenticator.authenticate(request, access: .master, provisioning: false) else { return false }
        return outcome.isMaster
    }

    /// Whether the request is the dashboard page itself: a file, or the link exchange.
    func isDashboardPage(_ request: HTTPRequest) -> Bool {
        AdminPath.isDashboardPage(request.path) || request.path == DashboardWatch.linkExchangePath
    }
}
