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
