/// A location: `{"__type":"GeoPoint","latitude":39.9,"longitude":116.4}` (spec §2.7).
///
/// Only valid points exist: latitude in [-90, 90], longitude in [-180, 180], both finite;
/// anything else is error 302 on the server.
///
/// ```swift
/// let beijing = LCGeoPoint(latitude: 39.9, longitude: 116.4)!
/// LCGeoPoint(latitude: 91, longitude: 0)   // nil
/// ```
public struct LCGeoPoint: Hashable, Sendable {
    /// Degrees north, -90…90.
    public let latitude: Double
    /// Degrees east, -180…180.
    public let longitude: Double

    /// A point, or nil when either coordinate is out of range or not finite.
    public init?(latitude: Double, longitude: Double) {
        guard Self.isValid(latitude: latitude, longitude: longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether the coordinates form a valid point.
    public static func isValid(latitude: Double, longitude: Double) -> Bool {
        // Comparisons with NaN are false, so NaN fails the ranges too; the ranges exclude ±∞.
        (-90.0...90.0).contains(latitude) && (-180.0...180.0).contains(longitude)
    }

    /// The wire form.
    public var json: JSON {
        [
            LCWireKey.type: .string(LCTypeName.geoPoint.rawValue),
            LCWireKey.latitude: .number(latitude),
            LCWireKey.longitude: .number(longitude),
        ]
    }

    /// Reads a GeoPoint value; nil unless tagged `GeoPoint` with two numbers in range.
    public init?(json: JSON) {
        guard LCTypeName(of: json) == .geoPoint,
              let latitude = json[LCWireKey.latitude]?.doubleValue,
              let longitude = json[LCWireKey.longitude]?.doubleValue
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }
}
