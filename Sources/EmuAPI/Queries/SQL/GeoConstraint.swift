import EmuSQLite
import LCWire

/// `$nearSphere` with its distance bounds, and `$within`/`$box` (§3.2). Distances are radians
/// on the unit sphere; miles / 3958.8 and kilometres / 6371.0 convert, as the SDKs do.
struct GeoConstraint {
    private var near: LCGeoPoint?
    private var maxRadians: Double?
    private var minRadians: Double?
    private var box: (southwest: LCGeoPoint, northeast: LCGeoPoint)?

    static let earthRadiusMiles = 3958.8
    static let earthRadiusKilometers = 6371.0

    /// Takes a geo operator; false when `op` is not one.
    mutating func accept(_ op: String, _ value: JSON) throws -> Bool {
        switch op {
        case "$nearSphere": near = try point(value)
        case "$maxDistance", "$maxDistanceInRadians": maxRadians = try distance(value, op)
        case "$maxDistanceInMiles": maxRadians = try distance(value, op) / Self.earthRadiusMiles
        case "$maxDistanceInKilometers": maxRadians = try distance(value, op) / Self.earthRadiusKilometers
        case "$minDistance", "$minDistanceInRadians": minRadians = try distance(value, op)
        case "$minDistanceInMiles": minRadians = try distance(value, op) / Self.earthRadiusMiles
        case "$minDistanceInKilometers": minRadians = try distance(value, op) / Self.earthRadiusKilometers
        case "$within":
            guard let corners = value.objectValue?["$box"]?.arrayValue, corners.count == 2 else {
                throw QueryError.invalid("$within needs {\"$box\":[<southwest GeoPoint>,<northeast GeoPoint>]}")
            }
            box = (try point(corners[0]), try point(corners[1]))
        default: return false
        }
        return true
    }

    func compile(_ a: FieldAccess, _ compiler: WhereCompiler) throws -> SQLFragment? {
        if near == nil && (maxRadians != nil || minRadians != nil) {
            throw QueryError.invalid("distance limits need $nearSphere")
        }
        var parts: [SQLFragment] = []
        let isGeoPoint = SQLFragment("\(a.member(LCWireKey.type)) = 'GeoPoint'")
        if let near {
            let distance = SQLFragment(
                "lcemu_geo_distance(\(a.member("latitude")), \(a.member("longitude")), ?, ?)",
                [.real(near.latitude), .real(near.longitude)])
            parts.append(isGeoPoint)
            if let maxRadians { parts.append(SQLFragment(distance.sql + " <= ?", distance.arguments + [.real(maxRadians)])) }
            if let minRadians { parts.append(SQLFragment(distance.sql + " >= ?", distance.arguments + [.real(minRadians)])) }
            try compiler.setNearOrder(distance)
        }
        if let box {
            parts.append(isGeoPoint)
            parts.append(SQLFragment(
                "\(a.member("latitude")) BETWEEN ? AND ? AND \(a.member("longitude")) BETWEEN ? AND ?",
                [.real(box.southwest.latitude), .real(box.northeast.latitude),
                 .real(box.southwest.longitude), .real(box.northeast.longitude)]))
        }
        return parts.isEmpty ? nil : .all(parts)
    }

    private func point(_ value: JSON) throws -> LCGeoPoint {
        guard let point = LCGeoPoint(json: value) else { throw QueryError.invalidGeoPoint() }
        return point
    }

    private func distance(_ value: JSON, _ op: String) throws -> Double {
        guard let number = value.doubleValue, number.isFinite, number >= 0 else {
            throw QueryError.invalid("\(op) needs a non-negative number")
        }
        return number
    }
}
