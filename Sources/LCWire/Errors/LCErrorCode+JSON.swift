extension LCErrorCode {
    /// 107 for JSON that was refused, naming the problem and its byte offset, e.g.
    /// `Malformed json object. Invalid UTF-8 at byte 12 of the where parameter.` `source` names
    /// what held the text when it was not the body.
    public static func malformedJSON(_ error: JSONParseError, in source: String? = nil) -> LCErrorCode {
        let place = source.map { " of \($0)" } ?? ""
        return malformedJSON.with(message: "Malformed json object. \(error.message) at byte \(error.offset)\(place).")
    }
}
