import LCWire

/// Decides in memory whether one object satisfies a LeanCloud `where` condition (spec §3.2).
///
/// It serves conditional updates and deletes (`?where=`, spec §2.5). It evaluates the same
/// `WhereClause` the SQL compiler compiles (`WhereParser` reads both), with the same MongoDB
/// semantics (`FieldTest+Matching.swift`); a differential test holds the two to the same
/// answers. The top-level `createdAt`/`updatedAt` strings of the object compare as Dates
/// (spec §2.7).
///
/// Operators that need other objects (`$inQuery`, `$select`, `$relatedTo`) are refused with
/// code 1; text that is not a JSON object or array is 107.
///
/// ```swift
/// let matcher = try WhereMatcher(text: #"{"likes":{"$gte":10}}"#)
/// matcher.matches(["likes": 12])   // true
/// ```
public struct WhereMatcher: Sendable {
    let clause: WhereClause

    /// Compiles a parsed condition: an object, or an array of objects meaning `$and`.
    public init(where json: JSON) throws {
        clause = try WhereParser.parse(json)
        try Self.refuseOtherObjects(clause)
    }

    /// Compiles the text of a `where` parameter; an empty text matches everything.
    public init(text: String) throws {
        if text.allSatisfy(\.isWhitespace) {
            try self.init(where: .object(JSONObject()))
            return
        }
        do {
            try self.init(where: try JSONParser.parse(text))
        } catch let error as JSONParseError where error.reason == .unrepresentable {
            throw APIError(.malformedJSON(error, in: "the where parameter"))
        } catch is JSONParseError {
            throw APIError(.malformedJSON)
        }
    }

    /// Whether `object` (its wire JSON: fields plus `objectId`, `createdAt`, `updatedAt`)
    /// satisfies the condition.
    public func matches(_ object: JSONObject) -> Bool {
        clause.holds(on: object)
    }

    /// A conditional write sees one object: conditions on other objects cannot be evaluated.
    private static func refuseOtherObjects(_ clause: WhereClause) throws {
        switch clause {
        case .all(let parts), .any(let parts): try parts.forEach(refuseOtherObjects)
        case .relatedTo: throw unsupported("$relatedTo")
        case .field(_, let tests):
            for test in tests {
                switch test {
                case .inQuery(_, let negated): throw unsupported(negated ? "$notInQuery" : "$inQuery")
                case .select(_, _, let negated): throw unsupported(negated ? "$dontSelect" : "$select")
                default: continue
                }
            }
        }
    }

    private static func unsupported(_ op: String) -> APIError {
        QueryError.invalid("\(op) is not supported in the where of a conditional write")
    }
}

extension WhereClause {
    /// Whether `object` satisfies the clause (the in-memory engine).
    func holds(on object: JSONObject) -> Bool {
        switch self {
        case .all(let parts): return parts.allSatisfy { $0.holds(on: object) }
        case .any(let parts): return parts.contains { $0.holds(on: object) }
        case .field(let path, let tests):
            let value = Self.resolve(FieldPath(path), in: object)
            return tests.allSatisfy { $0.holds(for: value) }
        case .relatedTo: return false  // refused by WhereMatcher before it gets here
        }
    }

    /// The value at `path`; the wire form's `createdAt`/`updatedAt` strings read as Dates.
    static func resolve(_ path: FieldPath, in object: JSONObject) -> JSON? {
        let value = path.value(in: object)
        guard !path.isNested, path.head == LCFieldName.createdAt || path.head == LCFieldName.updatedAt,
              let text = value?.stringValue, let date = LCDate(iso: text) else { return value }
        return date.json
    }
}

extension WhereMatcher {
    /// The field paths the condition tests, for the caller's field rule
    /// (`AccessContext.requireTestable`). A matcher holds no inner query or `$relatedTo`.
    var testedFields: [String] { Self.fields(of: clause) }

    private static func fields(of clause: WhereClause) -> [String] {
        switch clause {
        case .all(let parts), .any(let parts): return parts.flatMap(fields(of:))
        case .field(let path, _): return [path]
        case .relatedTo: return []
        }
    }
}
