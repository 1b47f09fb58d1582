import Testing
@testable import LCWire

/// 107 for refused JSON names the problem, the byte, and where the text came from.
@Suite struct LCErrorCodeJSONTests {
    @Test func malformedJSON_namesTheProblemAndTheByte() throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
        let body = LCErrorCode.malformedJSON(error)
        #expect(body.code == 107)
        #expect(body.httpStatus == 400)
        #expect(body.message == "Malformed json object. Invalid UTF-8 at byte 1.")
        #expect(LCErrorCode.malformedJSON(error, in: "the where parameter").message
            == "Malformed json object. Invalid UTF-8 at byte 1 of the where parameter.")
    }
}
