import Testing
@testable import LCWire

@Suite struct LCErrorCodeTests {
    @Test func body_serializesObjectNotFoundByteExactly() {
        #expect(LCErrorCode.objectNotFound.body.jsonString == #"{"code":101,"error":"Class or object doesn't exists."}"#)
        #expect(LCErrorCode.objectNotFound.body.serialized() == Array(#"{"code":101,"error":"Class or object doesn't exists."}"#.utf8))
    }

    @Test func body_serializesUnauthorizedByteExactly() {
        #expect(LCErrorCode.unauthorized.body.jsonString == #"{"code":401,"error":"Unauthorized."}"#)
        #expect(LCErrorCode.unauthorized.httpStatus == 401)
    }

    /// A sample of the table: code, constant, status, message.
    static let table: [(Int, LCErrorCode, Int, String)] = [
        (1, .internalServerError, 400, "Internal server error. No information available."),
        (101, .objectNotFound, 404, "Class or object doesn't exists."),
        (103, .invalidClassName, 400,
         "Missing or invalid classname. Classnames are case-sensitive. They must start with a letter, and a-zA-Z0-9_ are the only valid characters."),
        (105, .invalidKeyName, 400,
         "Invalid key name. Keys are case-sensitive. They must start with a letter, and a-zA-Z0-9_ are the only valid characters."),
        (107, .malformedJSON, 400, "Malformed json object. A json dictionary is expected."),
        (119, .operationForbiddenForClients, 403, "That operation isn't allowed for clients."),
        (137, .duplicateValue, 400, "A unique field was given a value that is already taken."),
        (206, .sessionMissing, 403, "The user cannot be altered by a client without the session."),
        (210, .usernamePasswordMismatch, 400, "The username and password mismatch."),
        (211, .userNotFound, 400, "Could not find user."),
        (219, .loginLocked, 400, "Tried too many times to signin."),
        (302, .invalidGeoPoint, 400, "Invalid GeoPoint values."),
        (305, .noEffect, 400, "No effect on updating/deleting a document."),
        (401, .unauthorized, 401, "Unauthorized."),
        (403, .forbiddenByClassPermissions, 403, "Forbidden to read/write by class permissions"),
        (413, .payloadTooLarge, 413, "Payload Too Large."),
        (429, .tooManyRequests, 429, "Too many requests."),
        (603, .invalidSMSCode, 400, "Invalid SMS code."),
        (608, .missingValidateToken, 400, "Missing validate token."),
        (700, .nonexistentQueryKeys, 400, "Nonexistent query keys"),
    ]

    @Test(arguments: table)
    func constants_carryTableMessageAndStatus(code: Int, error: LCErrorCode, status: Int, message: String) {
        #expect(error.code == code)
        #expect(error.httpStatus == status)
        #expect(error.message == message)
        #expect(LCErrorCode.lookup(code: code) == error)
    }

    @Test func all_hasOneEntryPerCodeInOrder() {
        let codes = LCErrorCode.all.map(\.code)
        #expect(codes == codes.sorted())
        #expect(Set(codes).count == codes.count)
        #expect(codes.count == 85)  // every row of §9 except leaderboard and IM ranges
        #expect(LCErrorCode.all.allSatisfy { !$0.message.isEmpty })
    }

    @Test func lookup_returnsNilForUnknownCodes() {
        #expect(LCErrorCode.lookup(code: 209) == nil)
        #expect(LCErrorCode.lookup(code: 0) == nil)
    }

    @Test func withMessage_keepsCodeAndStatus() {
        let variant = LCErrorCode.objectNotFound.with(message: "Object not found.")
        #expect(variant.code == 101)
        #expect(variant.httpStatus == 404)
        #expect(variant.body.jsonString == #"{"code":101,"error":"Object not found."}"#)
    }

    @Test func variants_nameTheObjectOrColumn() {
        #expect(LCErrorCode.invalidKeyName(column: "invalid?").message
            == "Invalid key name. Keys are case-sensitive and 'a-zA-Z0-9_' are the only valid characters. The column is: 'invalid?'.")
        let missing = LCErrorCode.objectNotFound(objectId: "558e20cbe4b060308e3eb36c", className: "Post")
        #expect(missing.body.jsonString
            == #"{"code":1,"error":"Could not find object by id '558e20cbe4b060308e3eb36c' for class 'Post'."}"#)
        #expect(LCErrorCode.forbiddenWritingByACL.body.jsonString == #"{"code":403,"error":"Forbidden writing by object's ACL."}"#)
        #expect(LCErrorCode.forbiddenWritingByACL(objectId: "x").message == "Forbidden writing by object's ACL, the object id is x.")
        #expect(LCErrorCode.forbiddenReadingByACL.message == "Forbidden reading by object's ACL.")
        #expect(LCErrorCode.smsSignNotVerified.code == 605)
        #expect(LCErrorCode.smsRequestTooFast.code == 1)
    }

    @Test func initBody_readsAnErrorResponse() throws {
        let body = try JSONParser.parse(#"{"code":211,"error":"Could not find user."}"#)
        #expect(LCErrorCode(body: body, httpStatus: 400) == .userNotFound)
        #expect(LCErrorCode(body: ["error": "x"], httpStatus: 400) == nil)
        #expect(LCErrorCode(body: ["code": 1.5], httpStatus: 400) == nil)
        #expect(LCErrorCode(body: ["code": 1], httpStatus: 500)?.message == "")
    }

    @Test func errorCode_isThrowable() {
        #expect(throws: LCErrorCode.userNotFound) { throw LCErrorCode.userNotFound }
        #expect(LCErrorCode.unauthorized.description == "401 Unauthorized.")
    }
}
