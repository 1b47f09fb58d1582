import EmuData
import EmuRouting

/// Every limit of custom routes in one place, documented in docs/custom-backends.md.
enum CustomRouteLimits {
    /// Routes per app, from files and the API together.
    static let maxRoutes = 1_000
    /// One route definition, serialized, and one body file: a mock answers documents, not downloads.
    static let maxBodyBytes = 1 << 20
    /// A route file (or every file of a route folder).
    static let maxFileBytes = 8 << 20
    /// The longest `delayMs`, as for faults.
    static let maxDelayMilliseconds = 60_000
    /// How often the route files' modification times are compared while running.
    static let pollMilliseconds = 500
    /// The time a request's `matches` matchers may take together, across every route tried (and
    /// once more for the near-miss report of a request none answers): the `$regex` figure, per
    /// request rather than per match, so the number of routes cannot multiply it. A request that
    /// spends it is answered 500 (`RequestRegexBudget.spentAnswer`).
    static let regexBudgetMillisecondsPerRequest = 50
    /// How many near misses a 404 reports.
    static let nearMisses = 3
}
