/// A LeanCloud error: the `code` and `error` of the body `{"code":N,"error":"…"}` plus the
/// HTTP status the emulator answers with (spec §1.5, §9).
///
/// Every code of the spec's table is a static constant (`LCErrorCode+*.swift`), with the
/// table's message and status; where the table offers two statuses (`403/400`) we take the
/// first, where it says "400 (500 for true internal)" we take 400. Throw one from a handler
/// and render `body`:
///
/// ```swift
/// throw LCErrorCode.objectNotFound
/// LCErrorCode.unauthorized.body.jsonString   // {"code":401,"error":"Unauthorized."}
/// LCErrorCode.invalidKeyName(column: "a?")   // 105 with the column named
/// ```
public struct LCErrorCode: Error, Hashable, Sendable {
    /// The LeanCloud error number, e.g. 101.
    public var code: Int
    /// The English message, e.g. `Class or object doesn't exists.`.
    public var message: String
    /// The HTTP status of the response; 0 for client-side codes a server never sends (100, 120).
    public var httpStatus: Int

    /// An error with an explicit code, message and status.
    public init(code: Int, message: String, httpStatus: Int) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
    }

    /// The same code and status with another message, for the variants the server words
    /// differently (`Forbidden writing by object's ACL, the object id is …`).
    public func with(message: String) -> LCErrorCode {
        LCErrorCode(code: code, message: message, httpStatus: httpStatus)
    }

    /// The response body, `code` first then `error`, as the real server orders them.
    public var body: JSON {
        [LCWireKey.code: .number(Double(code)), LCWireKey.error: .string(message)]
    }

    /// Reads an error body as a client receives it, keeping the response's status.
    ///
    /// Nil unless the body is an object with an integral `code`; a missing `error` reads as "".
    public init?(body: JSON, httpStatus: Int) {
        guard let code = body[LCWireKey.code]?.intValue else { return nil }
        self.init(code: code, message: body[LCWireKey.error]?.stringValue ?? "", httpStatus: httpStatus)
    }
}

extension LCErrorCode: CustomStringConvertible {
    /// `<code> <message>`, for logs.
    public var description: String { "\(code) \(message)" }
}
