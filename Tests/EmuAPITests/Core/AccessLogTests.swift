@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
@testable import EmuTools
import LCWire
import Testing

/// The `--log-level debug` line per request, and what it must never contain.
@Suite struct AccessLogTests {
    private func line(_ path: String, status: Int = 200, body: String = "{}", headers: HTTPHeaders = [:]) -> String {
        let request = HTTPRequest(method: "POST", target: path + "?session_token=SECRET", path: path,
                                  query: [("session_token", "SECRET")])
        let response = HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
        return AccessLog.line(requestId: "a1", request: request, response: response, nanoseconds: 1_234_567)
    }

    @Test func aSuccess_isIdMethodPathStatusAndTime_withoutTheQuery() {
        #expect(line("/1.1/classes/Post") == "a1 POST /1.1/classes/Post 200 1.23 ms")
    }

    @Test func aFailure_addsItsCode_andAnAuthRefusalItsReason() {
        #expect(line("/1.1/classes/Post", status: 400, body: #"{"code":111,"error":"x"}"#) == "a1 POST /1.1/classes/Post 400 code=111 1.23 ms")
        let refused = line("/1.1/date", status: 401, body: #"{"code":401,"error":"Unauthorized."}"#,
                           headers: [LCHeaderName.authDiagnostic: "X-LC-Sign does not match"])
        #expect(refused == "a1 POST /1.1/date 401 code=401 (X-LC-Sign does not match) 1.23 ms")
    }

    @Test(arguments: [
        ("/__auth/app/reset/T0KEN", "/__auth/app/reset/…"), ("/__auth/app/verify/T0KEN", "/__auth/app/verify/…"),
        ("/__files/upload/app/T0KEN", "/__files/upload/app/…"), ("/__files/app/photo.png", "/__files/app/photo.png"),
    ])
    func linkTokens_areNotLogged(path: String, logged: String) {
        #expect(AccessLog.redacted(path) == logged)
        #expect(!line(path).contains("T0KEN") && !line(path).contains("SECRET"))
    }
}
