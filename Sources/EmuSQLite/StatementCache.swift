/// A connection's prepared statements by SQL text. The last few used are looked for first by
/// comparing texts: the SQL of a hot path is a constant, whose string is the same storage each
/// time, so `==` answers at once, where the dictionary hashed the whole text (every read paid
/// it three times: BEGIN, its statement, COMMIT).
struct StatementCache {
    private var byText: [String: Statement] = [:]
    private var recent: [(sql: String, statement: Statement)] = []
    private var nextRecent = 0
    static let recentCount = 8

    var count: Int { byText.count }

    /// The statement prepared for `sql`, if any.
    mutating func statement(for sql: String) -> Statement? {
        for entry in recent where entry.sql == sql { return entry.statement }
        guard let statement = byText[sql] else { return nil }
        remember(sql, statement)
        return statement
    }

    mutating func insert(_ statement: Statement, for sql: String) {
        byText[sql] = statement
        remember(sql, statement)
    }

    /// Drops every statement (finalized once the last reference goes).
    mutating func removeAll() {
        byText.removeAll()
        recent.removeAll()
        nextRecent = 0
    }

    private mutating func remember(_ sql: String, _ statement: Statement) {
        if recent.count < Self.recentCount {
            recent.append((sql, statement))
        } else {
            recent[nextRecent] = (sql, statement)
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
    }
}
