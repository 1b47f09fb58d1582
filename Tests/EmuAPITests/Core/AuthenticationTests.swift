import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

@Suite struct AuthenticationTests {
    let emulator: TestServer
    init() throws { emulator = try TestServer.start() }

    private func date(_ headers: HTTPHeaders) throws -> TestClient.Response {
        try emulator.inProcessClient(credentials: .headers(headers)).get("/1.1/date")
    }

    @Test(arguments: [TestClient.Credentials.appKey, .masterKey, .signedAppKey, .signedMasterKey])
    func validCredentials_areAccepted(credentials: TestClient.Credentials) throws {
        let response = try emulator.inProcessClient(credentials: credentials).get("/1.1/date")
        #expect(response.status == 200)
        #expect(response.json?["__type"] == "Date")
    }

    @Test func specWorkedExample_signsLikeLeanCloud() {
        #expect(LCRequestSignature.make(key: "UtOCzqb67d3sN12Kts4URwy8", timestamp: 1453014943466)
            == "d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466")
        #expect(LCRequestSignature.make(key: "DyJegPlemooo4X1tg94gQkw1", timestamp: 1453014943466, master: true)
            == "e074720658078c898aa0d4b1b82bdf4b,1453014943466,master")
    }

    @Test func legacyHeaderAliases_areAccepted() throws {
        let app = emulator.app
        #expect(try date(["X-AVOSCloud-Application-Id": app.appId, "X-AVOSCloud-Application-Key": app.appKey]).status == 200)
        #expect(try date(["X-Uluru-Application-Id": app.appId, "X-Uluru-Application-Key": app.appKey]).status == 200)
    }

    /// Each refusal keeps LeanCloud's exact body and says why in the diagnostic header.
    static let refusals: [(HTTPHeaders, String)] = [
        (HTTPHeaders(), "missing X-LC-Id"),
        (["X-LC-Id": "nope", "X-LC-Key": "k"], "unknown app id"),
        (["X-LC-Id": AppConfiguration.development.appId], "missing X-LC-Key or X-LC-Sign"),
        (["X-LC-Id": AppConfiguration.development.appId, "X-LC-Key": "wrong"], "X-LC-Key is not the app key"),
        (["X-LC-Id": AppConfiguration.development.appId, "X-LC-Key": "\(AppConfiguration.development.appKey),master"],
         "the app key was marked ,master; use the master key"),
    ]

    /// On a route that needs keys: `/1.1/date` alone answers a request with no credential at all
    /// (`anonymousDate_isServed…` below).
    @Test(arguments: refusals)
    func refusedRequests_get401WithDiagnosis(headers: HTTPHeaders, reason: String) throws {
        let response = try emulator.inProcessClient(credentials: .headers(headers)).get("/1.1/classes/Post")
        #expect(response.status == 401)
        #expect(response.text == #"{"code":401,"error":"Unauthorized."}"#)
        #expect(response.headers[LCHeaderName.authDiagnostic] == reason)
    }

    /// LeanCloud answers `/1.1/date` to anyone: the Python SDK's `get_server_time` sends no header,
    /// and its own test suite expects a date. Any credential sent is still checked.
    @Test func anonymousDate_isServed_butBadCredentialsOnItAreStillRefused() throws {
        let anonymous = try date(HTTPHeaders())
        #expect(anonymous.status == 200)
        #expect(anonymous.json?["__type"] == "Date")
        for (headers, reason) in Self.refusals where headers.contains("X-LC-Id") {
            let response = try date(headers)
            #expect(response.status == 401)
            #expect(response.headers[LCHeaderName.authDiagnostic] == reason)
        }
    }

    @Test func uppercaseSignature_isRefusedWithDiagnosis() throws {
        let app = emulator.app
        let sign = LCRequestSignature.make(key: app.appKey, timestamp: 1_700_000_000_000)
        let upper = sign.split(separator: ",")[0].uppercased() + ",1700000000000"
        let response = try date(["X-LC-Id": app.appId, "X-LC-Sign": upper])
        #expect(response.status == 401)
        #expect(response.headers[LCHeaderName.authDiagnostic] == "X-LC-Sign digest must be lowercase hex")
    }

    @Test func secondsTimestamp_isRefusedWithDiagnosis() throws {
        let app = emulator.app
        let response = try date(["X-LC-Id": app.appId, "X-LC-Sign": LCRequestSignature.make(key: app.appKey, timestamp: 1_700_000_000)])
        #expect(response.headers[LCHeaderName.authDiagnostic] == "X-LC-Sign timestamp looks like seconds; use milliseconds")
    }

    @Test func masterOnlyRoute_refusesTheAppKey() throws {
        let response = try emulator.inProcessClient(credentials: .appKey).post("/__admin/reset")
        #expect(response.status == 401)
        #expect(response.headers[LCHeaderName.authDiagnostic] == "this endpoint needs the master key")
    }
}
