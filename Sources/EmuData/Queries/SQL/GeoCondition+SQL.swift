import EmuSQLite
import LCWire

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
