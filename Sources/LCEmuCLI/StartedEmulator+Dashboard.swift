/// The banner's dashboard lines: where the page is, and a one-time link that logs a tab in to
/// the first app without typing its master key (docs/dashboard.md). The link carries a random
/// token in its fragment, never the key; it works once, within 15 minutes.
extension StartedEmulator {
    var dashboardLines: [String] {
        var lines = ["  dashboard:  \(server.dashboardURL(base: localURL))"]
        if let link = server.dashboardLoginLink(base: localURL) {
            lines.append("  log in:     \(link) (one use, 15 min)")
        }
        return lines
    }
}
