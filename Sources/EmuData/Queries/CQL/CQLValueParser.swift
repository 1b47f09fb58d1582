import LCWire

/// Values in CQL conditions (§3.8 functions included).
enum CQLValueParser {
    static func value(_ p: inout CQLParser) throws -> JSON {
        switch p.tokens.popFirst() {
        case .placeholder?: return try p.placeholder()
        case .number(let n)?: return .number(n)
        case .string(let s)?: return .string(s)
        case .word(let word)?:
            switch word.lowercased() {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            case "date":
                let args = try arguments(&p)
                guard args.count == 1, let iso = args[0].stringValue, let date = LCDate(iso: iso) else { throw CQLError.syntax("date('iso') needs an ISO date") }
                return date.json
            case "pointer":
                let args = try arguments(&p)
                guard args.count == 2, let className = args[0].stringValue, let id = args[1].stringValue else {
                    throw CQLError.syntax("pointer('Class', 'id') needs two strings")
                }
                return LCPointer(className: className, objectId: id).json
            case "geopoint":
                let args = try arguments(&p)
                guard args.count == 2, let lng = args[0].doubleValue, let lat = args[1].doubleValue,
                      let point = LCGeoPoint(latitude: lat, longitude: lng) else { throw APIError(.invalidGeoPoint) }
                return point.json
            default: throw CQLError.syntax("unexpected '\(word)' where a value was expected")
            }
        default: throw CQLError.syntax("expected a value")
        }
    }

    /// `(v, v, …)` for `in`; a single `?` bound to an array works too.
    static func list(_ p: inout CQLParser) throws -> JSON {
        if p.tokens.first == .placeholder {
            p.tokens.removeFirst()
            guard let array = try p.placeholder().arrayValue else { throw CQLError.syntax("in ? needs an array value") }
            return .array(array)
        }
        return .array(try arguments(&p))
    }

    private static func arguments(_ p: inout CQLParser) throws -> [JSON] {
        guard p.acceptSymbol("(") else { throw CQLError.syntax("expected (") }
        var values: [JSON] = []
        if p.acceptSymbol(")") { return values }
        repeat { values.append(try value(&p)) } while p.acceptSymbol(",")
        guard p.acceptSymbol(")") else { throw CQLError.syntax("expected )") }
        return values
    }
}
