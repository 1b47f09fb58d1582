import EmuTestSupport
import EmuTesting
import LCWire
import Testing

@Suite struct BatchValidationTests {
    static let malformed: [(String, String)] = [
        ("[]", "Malformed json object. A json dictionary is expected."),
        ("{", "Malformed json object. A json dictionary is expected."),
        ("{}", "Malformed json object. A batch needs a \"requests\" array."),
        (#"{"requests":{}}"#, "Malformed json object. A batch needs a \"requests\" array."),
        (#"{"requests":[1]}"#, "Malformed batch request at index 0: it is not an object."),
        (#"{"requests":[{"path":"/1.1/date"}]}"#, "Malformed batch request at index 0: \"method\" is missing."),
        (#"{"requests":[{"method":"GET","path":"/1.1/test/items/x"},{"method":"GET"}]}"#,
         "Malformed batch request at index 1: \"path\" is missing."),
        (#"{"requests":[{"method":"GET","path":"/1.1/date","params":3}]}"#,
         "Malformed batch request at index 0: \"params\" is not an object."),
    ]

    @Test(arguments: malformed, Tier.inProcessAndSocket)
    func malformedBatch_isRefusedWhole_with107(body: (String, String), tier: Tier) throws {
        let emulator = try TestServer.start(open: TestRoutes.emulator)
        for path in ["/1.1/batch", "/1.1/batch/save"] {
            let response = try emulator.client(tier).send("POST", path, body: Array(body.0.utf8))
            #expect(response.status == 400)
            #expect(response.json == ["code": 107, "error": .string(body.1)])
        }
    }

    @Test func malformedElement_stopsTheBatchBeforeAnythingRuns() throws {
        let emulator = try TestServer.start(open: TestRoutes.emulator)
        let body = #"{"requests":[{"method":"DELETE","path":"/1.1/test/items/a"},{"method":"DELETE"}]}"#
        let response = try emulator.client(.inProcess).send("POST", "/1.1/batch", body: Array(body.utf8))
        #expect(response.status == 400)
        #expect(emulator.log.deletedIds.current.isEmpty)
    }

    @Test func batchOfMoreThan1000Requests_isRefused() throws {
        let emulator = try TestServer.start(open: TestRoutes.emulator)
        let requests = JSON.array(Array(repeating: ["method": "GET", "path": "/1.1/date"], count: 1001))
        let response = try emulator.client(.inProcess).post("/1.1/batch", json: ["requests": requests])
        #expect(response.status == 400)
        #expect(response.json == ["code": 107, "error": "Too many requests in one batch: at most 1000 are allowed."])
        let atLimit = try emulator.client(.inProcess).post(
            "/1.1/batch", json: ["requests": .array(Array(repeating: ["method": "GET", "path": "/1.1/date"], count: 1000))])
        #expect(atLimit.json?.arrayValue?.count == 1000)
    }
}
