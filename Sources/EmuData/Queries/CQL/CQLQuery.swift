import LCWire

/// A parsed `select` statement, expressed as an ordinary query so that CQL runs through the same
/// compiler as `GET /1.1/classes` (§3.8).
package struct CQLQuery {
    package var className = ""
    package var count = false
    /// True for `*`; otherwise `keys` lists the selected fields.
    package var selectAll = false
    package var keys: [String] = []
    package var whereJSON: JSON?
    package var order: String?
    package var limit: Int?
    package var skip: Int?

    /// The statement limit of the real service.
    static let maxLength = 4096

    package static func parse(_ statement: String, values: [JSON]) throws -> CQLQuery {
        guard statement.utf8.count <= maxLength else { throw CQLError.syntax("statement longer than 4096 bytes") }
        var parser = CQLParser(tokens: try CQLLexer.tokens(statement), values: values)
        return try parser.statement()
    }
}

/// Recursive descent over the supported subset:
/// `select count(*) | * | f1, f2 | count(*), * | count(*), f1 from Class [where …] [order by …] [limit [skip,] n]`.
struct CQLParser {
    var tokens: ArraySlice<CQLToken>
    var values: ArraySlice<JSON>

    init(tokens: [CQLToken], values: [JSON]) {
        self.tokens = tokens[...]
        self.values = values[...]
    }

    mutating func statement() throws -> CQLQuery {
        var query = CQLQuery()
        try expect("select")
        try selectList(&query)
        try expect("from")
        guard case .word(let className)? = tokens.popFirst(), LCNames.isValidClassName(className) else {
            throw CQLError.syntax("expected a class name after from")
        }
        query.className = className
        if accept("where") { query.whereJSON = try CQLConditionParser.parse(&self) }
        while !tokens.isEmpty {
            if accept("order") {
                try expect("by")
                query.order = try orderList()
            } else if accept("limit") {
                let first = try integer()
                if acceptSymbol(",") {
                    query.skip = first
                    query.limit = try integer()
                } else {
                    query.limit = first
                }
            } else {
                throw CQLError.syntax("unexpected \(describe(tokens.first))")
            }
        }
        return query
    }

    private mutating func selectList(_ query: inout CQLQuery) throws {
        repeat {
            if accept("count") {
                guard acceptSymbol("("), acceptSymbol("*"), acceptSymbol(")") else { throw CQLError.syntax("expected count(*)") }
                query.count = true
            } else if acceptSymbol("*") {
                query.selectAll = true
            } else if case .word(let field)? = tokens.first, !field.isKeyword("from") {
                tokens.removeFirst()
                query.keys.append(field)
            } else {
                throw CQLError.syntax("expected count(*), * or field names after select")
            }
        } while acceptSymbol(",")
    }

    private mutating func orderList() throws -> String {
        var keys: [String] = []
        repeat {
            guard case .word(let field)? = tokens.popFirst() else { throw CQLError.syntax("expected a field after order by") }
            keys.append(accept("desc") ? "-" + field : field)
            _ = accept("asc")
        } while acceptSymbol(",")
        return keys.joined(separator: ",")
    }

    mutating func integer() throws -> Int {
        switch tokens.popFirst() {
        case .number(let n)? where n == n.rounded() && n >= 0 && n < 1e9: return Int(n)
        case .placeholder?:
            guard let n = try placeholder().intValue, n >= 0 else { throw CQLError.syntax("limit needs an integer") }
            return n
        default: throw CQLError.syntax("limit needs an integer")
        }
    }

    mutating func placeholder() throws -> JSON {
        guard let value = values.popFirst() else { throw CQLError.syntax("not enough pvalues for the placeholders") }
        return value
    }

    mutating func expect(_ keyword: String) throws {
        guard accept(keyword) else { throw CQLError.syntax("expected \(keyword), got \(describe(tokens.first))") }
    }

    mutating func accept(_ keyword: String) -> Bool {
        guard tokens.first?.isKeyword(keyword) == true else { return false }
        tokens.removeFirst()
        return true
    }

    mutating func acceptSymbol(_ symbol: String) -> Bool {
        guard tokens.first == .symbol(symbol) else { return false }
        tokens.removeFirst()
        return true
    }

    func describe(_ token: CQLToken?) -> String {
        switch token {
        case nil: return "end of statement"
        case .word(let w)?: return "'\(w)'"
        case .number(let n)?: return "\(n)"
        case .string(let s)?: return "'\(s)'"
        case .placeholder?: return "?"
        case .symbol(let s)?: return "'\(s)'"
        }
    }
}

private extension String {
    func isKeyword(_ keyword: String) -> Bool { asciiCaseInsensitiveEquals(keyword) }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - CQLParameterValues

/// The `pvalues` query parameter of `/1.1/cloudQuery`: the values of the statement's `?`s.
///
/// Two forms reach the service: a JSON array (`[15,"a"]`), and that array JSON-encoded a second
/// time (`"[10, 30]"`), which the Python SDK sends when it is given a list
/// (leancloud/query.py, `do_cloud_query`: `json.dumps(json.dumps(list))`), even an empty one for
/// a statement without `?`. LeanCloud accepts both, so LCEmu does: a JSON string is parsed once
/// more and must then hold an array. Values beyond the placeholders are ignored, as there.
package enum CQLParameterValues {
    /// The values from the parameter parsed once (strictly, by `JSONInput`); nil when absent.
    package static func values(from outer: JSON?) throws -> [JSON] {
        guard let outer else { return [] }
        if let array = outer.arrayValue { return array }
        guard let inner = outer.stringValue, let array = (try? JSONParser.parse(inner))?.arrayValue else {
            throw CQLError.syntax("pvalues must be a JSON array")
        }
        return array
    }
}
