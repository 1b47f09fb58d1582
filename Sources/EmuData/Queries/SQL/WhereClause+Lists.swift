import LCWire

extension WhereClause {
    /// The branches of a long `$or` (`$in`) or `$and` (`$all`) with the equalities on one key
    /// merged into that list operator, which means the same (`FieldOperators` compiles `$in` and
    /// `$all` from `equality`) and compiles to one bound list (`SQLFragment.inList`) instead of
    /// thousands of separate conditions, which SQLite prepares in time growing with their square.
    /// Short lists stay as they are.
    static func mergingEqualities(_ parts: [WhereClause], into list: ([JSON]) -> FieldTest) -> [WhereClause] {
        guard parts.count > SQLFragment.flatJoinLimit else { return parts }
        var values: [String: [JSON]] = [:]
        var paths: [String] = []
        var others: [WhereClause] = []
        for part in parts {
            guard case .field(let path, let tests) = part, tests.count == 1, case .equals(let value) = tests[0] else {
                others.append(part)
                continue
            }
            if values[path] == nil { paths.append(path) }
            values[path, default: []].append(value)
        }
        let merged = paths.map { path -> WhereClause in
            let equal = values[path] ?? []
            return equal.count == 1 ? .field(path, [.equals(equal[0])]) : .field(path, [list(equal)])
        }
        return merged + others
    }
}
