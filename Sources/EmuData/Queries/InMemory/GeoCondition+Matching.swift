import LCWire

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
