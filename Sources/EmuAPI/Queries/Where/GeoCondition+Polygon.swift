import LCWire

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
