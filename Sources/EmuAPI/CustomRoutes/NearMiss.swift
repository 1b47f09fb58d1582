import LCWire

/// A route that almost answered, for the 404 of an unmatched request.
struct NearMiss: Sendable {
    let routeId: String
    let distance: Int
    let differences: [String]

    var json: JSON { ["route": .string(routeId), "differences": .array(differences.map { .string($0) })] }
}
