import EmuSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// SQL functions the query compiler relies on, registered on every connection of an app.
enum QueryFunctions {
    /// `lcemu_regexp(pattern, options, value)`: 1 when value matches (§3.2 `$regex` with `$options`).
    static let regexp = "lcemu_regexp"

    static func register(on db: Database) throws {
        try db.registerFunction(name: regexp, argumentCount: 3, deterministic: true) { args in
            guard case .text(let pattern) = args[0], case .text(let value) = args[2] else { return .integer(0) }
            let options: String
            if case .text(let text) = args[1] { options = text } else { options = "" }
            let regex = try RegexCache.shared.regex(pattern: pattern, options: options)
            guard let matched = RegexBudget.firstMatch(regex, in: value) else { throw RegexBudget.Exceeded() }
            return .integer(matched ? 1 : 0)
        }
        // lcemu_geo_distance(lat1, lng1, lat2, lng2): central angle in radians (haversine).
        try db.registerFunction(name: "lcemu_geo_distance", argumentCount: 4, deterministic: true) { args in
            guard let lat1 = number(args[0]), let lng1 = number(args[1]),
                  let lat2 = number(args[2]), let lng2 = number(args[3]) else { return .null }
            return .real(haversine(lat1, lng1, lat2, lng2))
        }
        // lcemu_geo_in_polygon(lat, lng, 'lng lat,lng lat,…'): 1 when inside ($polygon).
        try db.registerFunction(name: "lcemu_geo_in_polygon", argumentCount: 3, deterministic: true) { args in
            guard let lat = number(args[0]), let lng = number(args[1]), case .text(let text) = args[2] else { return .null }
            let vertices = GeoCondition.vertices(fromPolygonText: text)
            guard vertices.count >= 3 else { return .integer(0) }
            return .integer(GeoCondition.polygon(vertices, contains: lat, lng) ? 1 : 0)
        }
    }

    static func haversine(_ lat1: Double, _ lng1: Double, _ lat2: Double, _ lng2: Double) -> Double {
        let rad = Double.pi / 180
        let dLat = (lat2 - lat1) * rad, dLng = (lng2 - lng1) * rad
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * rad) * cos(lat2 * rad) * sin(dLng / 2) * sin(dLng / 2)
        return 2 * asin(min(1, sqrt(h)))
    }

    private static func number(_ value: SQLiteValue) -> Double? {
        switch value {
        case .integer(let i): return Double(i)
        case .real(let d): return d
        default: return nil
        }
    }
}

/// Compiled regular expressions, shared by all connections (compiling per row would dominate).
// @unchecked: `cache` is read and written under `lock`; a compiled RegularExpression is immutable.
final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()
    private let lock = Lock()
    private var cache: [String: RegularExpression] = [:]

    /// The expression for `$regex` + `$options` (any of i, m, s, x); invalid input → 102.
    func regex(pattern: String, options: String) throws -> RegularExpression {
        let key = options + "\u{0}" + pattern
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[key] { return cached }
        let flags = try RegularExpression.Options(regexOptions: options) { option in
            QueryError.invalid("unknown $options flag '\(option)'")
        }
        guard pattern.utf8.count <= QueryLimits.maxRegexBytes, let regex = try? RegularExpression(pattern, options: flags) else {
            throw QueryError.invalid("invalid $regex '\(pattern)'")
        }
        if cache.count > 512 { cache.removeAll() }
        cache[key] = regex
        return regex
    }
}
