import EmuData
import EmuRouting

/// A route that answers a request: with the path's captures and, for a resource, what it asks.
package struct RouteMatch: Sendable {
    package let route: CustomRoute
    package let captures: [String: String]
    let operation: ResourceOperation?
    /// The route's answers so far, this one included.
    package var counter = 0
}
