import EmuData
import EmuEndpoints
import EmuRouting
import EmuTools

extension EmulatorServer {
    /// A one-time dashboard link for an app (the first by default): the page logs the tab in
    /// with it once, within 15 minutes, without the master key being typed or put in the URL.
    /// The token rides in the fragment, which browsers never send to a server.
    /// - Parameter base: the address to print (`lcemu` gives loopback for a server on `0.0.0.0`).
    public func dashboardLoginLink(base: String? = nil, appId: String? = nil) -> String? {
        guard let app = app(appId ?? configuration.apps.first?.appId ?? "") else { return nil }
        let token = app.dashboardLinks.mint()
        return "\(dashboardURL(base: base))#app=\(QueryString.escape(app.configuration.appId))&login=\(token)"
    }

    /// Where the dashboard is: `http://HOST:PORT/__admin/ui/`.
    public func dashboardURL(base: String? = nil) -> String { "\(base ?? baseURL)/__admin/ui/" }
}
