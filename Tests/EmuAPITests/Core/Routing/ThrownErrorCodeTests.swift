import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// A handler may throw a bare `LCErrorCode`, as LCWire's documentation shows: the error
/// boundary answers it exactly as `APIError(code)`, not as an internal error (500, code 1).
@Suite struct ThrownErrorCodeTests {
    let emulator: TestServer

    init() throws { emulator = try TestServer.start(open: TestRoutes.emulator) }

    @Test(arguments: Tier.inProcessAndSocket)
    func thrownErrorCode_answersLikeAPIError(tier: Tier) throws {
        let response = try emulator.client(tier).get("/1.1/test/thrown-code")
        let expected = APIError(.objectNotFound).response
        #expect(response.status == 404)
        #expect(response.json == ["code": 101, "error": "Class or object doesn't exists."])
        #expect(response.body == expected.body)
        #expect(response.headers["X-LCEmu-Request-Id"] == nil)
    }

    @Test func thrownErrorCode_inABatch_isThatRequestsError() throws {
        let response = try emulator.client(.inProcess)
            .post("/1.1/batch", json: ["requests": [["method": "GET", "path": "/1.1/test/thrown-code"]]])
        #expect(response.status == 200)
        #expect(response.json == [["error": ["code": 101, "error": "Class or object doesn't exists."]]])
    }
}
