import EmuSQLite
import LCWire

/// The geo operators of one field (§3.2): `$nearSphere` with its distance bounds, and `$within`
/// (or MongoDB's `$geoWithin`) with a `$box`, `$polygon` or `$centerSphere`. Points are GeoPoint
/// objects or MongoDB's legacy `[longitude, latitude]` pairs. Distances are radians on the unit
/// sphere; miles / 3958.8 and kilometres / 6371.0 convert, as the SDKs do.
struct GeoCondition: Sendable {
    private(set) var near: LCGeoPoint?
    private(set) var maxRadians: Double?
    private(set) var minRadians: Double?
    private(set) var shape: Shape?

    enum Shape: Sendable {
        /// Latitude and longitude each between the corners'.
        case box(southwest: LCGeoPoint, northeast: LCGeoPoint)
        /// Inside the polygon (at least 3 vertices), on the plane of longitude and latitude, as
        /// MongoDB's legacy `$polygon` is; points on an edge are inside.
        case polygon([LCGeoPoint])
        /// At most `radians` from the centre, on the sphere.
        case centerSphere(LCGeoPoint, radians: Double)
    }

    static let earthRadiusMiles = 3958.8
    static let earthRadiusKilometers = 6371.0

    /// Takes a geo operator; false when `op` is not one.
    mutating func accept(_ op: String, _ value: JSON) throws -> Bool {
        switch op {
        case "$nearSphere": near = try Self.point(value)
        case "$maxDistance", "$maxDistanceInRadians": maxRadians = try Self.distance(value, op)
        case "$maxDistanceInMiles": maxRadians = try Self.distance(value, op) / Self.earthRadiusMiles
        case "$maxDistanceInKilometers": maxRadians = try Self.distance(value, op) / Self.earthRadiusKilometers
        case "$minDistance", "$minDistanceInRadians": minRadians = try Self.distance(value, op)
        case "$minDistanceInMiles": minRadians = try Self.distance(value, op) / Self.earthRadiusMiles
        case "$minDistanceInKilometers": minRadians = try Self.distance(value, op) / Self.earthRadiusKilometers
        case "$within", "$geoWithin": shape = try Self.shape(value, op)
        default: return false
        }
        return true
    }

    /// The condition, nil when the field had no geo operator.
    func finished() throws -> GeoCondition? {
        if near == nil && (maxRadians != nil || minRadians != nil) {
            throw QueryError.invalid("distance limits need $nearSphere")
        }
        return near == nil && shape == nil ? nil : self
    }

    private static func shape(_ value: JSON, _ op: String) throws -> Shape {
        let usage = "\(op) needs {\"$box\":[<southwest>,<northeast>]}, {\"$polygon\":[<point>,…]} or {\"$centerSphere\":[<point>,<radians>]}"
        guard let object = value.objectValue, object.count == 1, let name = object.keys.first,
              let items = object[name]?.arrayValue else { throw QueryError.invalid(usage) }
        switch name {
        case "$box":
            guard items.count == 2 else { throw QueryError.invalid(usage) }
            return .box(southwest: try point(items[0]), northeast: try point(items[1]))
        case "$polygon":
            guard items.count >= 3 else { throw QueryError.invalid("$polygon needs at least 3 points") }
            return .polygon(try items.map(point))
        case "$centerSphere":
            guard items.count == 2 else { throw QueryError.invalid(usage) }
            return .centerSphere(try point(items[0]), radians: try distance(items[1], name))
        default:
            throw QueryError.invalid(usage)
        }
    }

    /// A GeoPoint object or a legacy `[longitude, latitude]` pair; out of range → 302.
    static func point(_ value: JSON) throws -> LCGeoPoint {
        if let pair = value.arrayValue {
            guard pair.count == 2, let longitude = pair[0].doubleValue, let latitude = pair[1].doubleValue,
                  let point = LCGeoPoint(latitude: latitude, longitude: longitude) else { throw QueryError.invalidGeoPoint() }
            return point
        }
        guard let point = LCGeoPoint(json: value) else { throw QueryError.invalidGeoPoint() }
        return point
    }

    private static func distance(_ value: JSON, _ op: String) throws -> Double {
        guard let number = value.doubleValue, number.isFinite, number >= 0 else {
            throw QueryError.invalid("\(op) needs a non-negative number")
        }
        return number
    }
}

/// `$polygon`'s arithmetic, shared by the SQL function `lcemu_geo_in_polygon` and in-memory matching.
extension GeoCondition {
    /// Even-odd ray casting on the plane of (longitude, latitude); a point on an edge is inside.
    static func polygon(_ vertices: [LCGeoPoint], contains latitude: Double, _ longitude: Double) -> Bool {
        guard var previous = vertices.last else { return false }
        var inside = false
        for vertex in vertices {
            let (x1, y1, x2, y2) = (previous.longitude, previous.latitude, vertex.longitude, vertex.latitude)
            // On the edge: collinear and within its bounding box.
            let cross = (x2 - x1) * (latitude - y1) - (y2 - y1) * (longitude - x1)
            if cross == 0, longitude >= min(x1, x2), longitude <= max(x1, x2), latitude >= min(y1, y2), latitude <= max(y1, y2) {
                return true
            }
            if (y1 > latitude) != (y2 > latitude), longitude < (x2 - x1) * (latitude - y1) / (y2 - y1) + x1 {
                inside.toggle()
            }
            previous = vertex
        }
        return inside
    }

    /// A polygon as the text the SQL function `lcemu_geo_in_polygon` reads: `lng lat,lng lat,…`.
    static func polygonText(_ vertices: [LCGeoPoint]) -> String {
        vertices.map { "\($0.longitude) \($0.latitude)" }.joined(separator: ",")
    }

    /// The vertices of `polygonText`.
    static func vertices(fromPolygonText text: String) -> [LCGeoPoint] {
        text.split(separator: ",").compactMap { pair in
            let numbers = pair.split(separator: " ").compactMap { Double($0) }
            return numbers.count == 2 ? LCGeoPoint(latitude: numbers[1], longitude: numbers[0]) : nil
        }
    }
}

// MARK: - SQL

extension GeoCondition {
    /// The SQL of the condition on the value at `a`; `$nearSphere` also sets the query's
    /// distance order. The arithmetic is `QueryFunctions`', shared with in-memory matching.
    func sql(_ a: FieldAccess, _ compiler: WhereCompiler) throws -> SQLFragment {
        var parts = [SQLFragment("\(a.member(LCWireKey.type)) = 'GeoPoint'")]
        let latitude = a.member("latitude"), longitude = a.member("longitude")
        if let near {
            let distance = SQLFragment("lcemu_geo_distance(\(latitude), \(longitude), ?, ?)",
                                       [.real(near.latitude), .real(near.longitude)])
            if let maxRadians { parts.append(SQLFragment(distance.sql + " <= ?", distance.arguments + [.real(maxRadians)])) }
            if let minRadians { parts.append(SQLFragment(distance.sql + " >= ?", distance.arguments + [.real(minRadians)])) }
            try compiler.setNearOrder(distance)
        }
        switch shape {
        case nil: break
        case .box(let southwest, let northeast)?:
            parts.append(SQLFragment(
                "\(latitude) BETWEEN ? AND ? AND \(longitude) BETWEEN ? AND ?",
                [.real(southwest.latitude), .real(northeast.latitude), .real(southwest.longitude), .real(northeast.longitude)]))
        case .polygon(let vertices)?:
            parts.append(SQLFragment("lcemu_geo_in_polygon(\(latitude), \(longitude), ?)", [.text(Self.polygonText(vertices))]))
        case .centerSphere(let center, let radians)?:
            parts.append(SQLFragment("lcemu_geo_distance(\(latitude), \(longitude), ?, ?) <= ?",
                                     [.real(center.latitude), .real(center.longitude), .real(radians)]))
        }
        return .all(parts)
    }
}

// MARK: - Matching in memory

extension GeoCondition {
    /// Whether a stored value satisfies the condition: the same arithmetic the SQL functions
    /// run (`QueryFunctions`), so both engines agree to the last bit.
    func holds(for value: JSON?) -> Bool {
        guard let object = value?.objectValue, object[LCWireKey.type]?.stringValue == LCTypeName.geoPoint.rawValue,
              let latitude = object["latitude"]?.doubleValue, let longitude = object["longitude"]?.doubleValue else {
            return false
        }
        if let near {
            let distance = QueryFunctions.haversine(latitude, longitude, near.latitude, near.longitude)
            if let maxRadians, !(distance <= maxRadians) { return false }
            if let minRadians, !(distance >= minRadians) { return false }
        }
        switch shape {
        case nil: return true
        case .box(let southwest, let northeast)?:
            return latitude >= southwest.latitude && latitude <= northeast.latitude
                && longitude >= southwest.longitude && longitude <= northeast.longitude
        case .polygon(let vertices)?:
            return Self.polygon(vertices, contains: latitude, longitude)
        case .centerSphere(let center, let radians)?:
            return QueryFunctions.haversine(latitude, longitude, center.latitude, center.longitude) <= radians
        }
    }
}
