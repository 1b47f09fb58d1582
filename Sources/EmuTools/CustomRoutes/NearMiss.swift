import EmuData
import EmuRouting
import LCWire

/// A route that almost answered, for the 404 of an unmatched request.
package struct NearMiss: Sendable {
    let routeId: String
    let distance: Int
    let differences: [RouteDifference]

    /// The report entry; `disclosing` (the master key, the journal) adds what the route expected.
    package func json(disclosing: Bool) -> JSON {
        ["route": .string(routeId), "differences": .array(differences.map { .string($0.text(disclosing: disclosing)) })]
    }
}
