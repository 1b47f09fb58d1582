/// A route that answers a request: with the path's captures and, for a resource, what it asks.
struct RouteMatch: Sendable {
    let route: CustomRoute
    let captures: [String: String]
    let operation: ResourceOperation?
    /// The route's answers so far, this one included.
    var counter = 0
}
