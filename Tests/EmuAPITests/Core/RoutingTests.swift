import EmuTestSupport
import EmuHTTP
import EmuTesting
import LCWire
import Testing

@Suite struct RoutingTests {
    let emulator: TestServer
    init() throws { emulator = try TestServer.start() }

    @Test func unknownRoute_answers404InLeanCloudShape() throws {
        let response = try emulator.inProcessClient().get("/1.1/nothing/here")
        #expect(response.status == 404)
        #expect(response.text == #"{"code":404,"error":"The requested resource was not found."}"#)
    }

    @Test func wrongMethod_answers405() throws {
        let response = try emulator.inProcessClient().delete("/1.1/date")
        #expect(response.status == 405)
        #expect(response.json?["code"] == 405)
    }

    @Test func jsonResponses_carryLeanCloudHeaders() throws {
        let response = try emulator.client().get("/1.1/date")
        #expect(response.headers["Content-Type"] == "application/json;charset=utf-8")
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
    }

    @Test func date_isTheEmulatorClockInLeanCloudFormat() throws {
        emulator.emulator.clock.set(milliseconds: 1_435_542_775_931)
        let response = try emulator.inProcessClient().get("/1.1/date")
        #expect(response.text == #"{"__type":"Date","iso":"2015-06-29T01:52:55.931Z"}"#)
    }

    @Test func preflight_answersWithoutKeys() throws {
        let response = try emulator.client(credentials: .none).send(
            "OPTIONS", "/1.1/classes/Post", headers: ["Origin": "http://localhost:8080", "Access-Control-Request-Method": "POST"])
        #expect(response.status == 200)
        #expect(response.headers["Access-Control-Allow-Origin"] == "http://localhost:8080")
        #expect(response.headers["Access-Control-Allow-Headers"]?.contains("X-LC-Sign") == true)
    }

    @Test func head_ofAnApiRoute_hasNoBody() throws {
        let response = try emulator.client().send("HEAD", "/1.1/date")
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
    }

    @Test func protocolErrors_useLeanCloudBodies() throws {
        let client = try BlockingHTTPClient(host: "127.0.0.1", port: emulator.port)
        try client.send("NOT A REQUEST\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.bodyText == #"{"code":400,"error":"Bad Request."}"#)
    }
}
