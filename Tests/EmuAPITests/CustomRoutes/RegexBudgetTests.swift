import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// The `matches` matchers of custom routes share one time budget per request, whatever the
/// number of routes: a catastrophic pattern in twenty routes costs one budget, not twenty, and
/// the request is told so instead of falling through to a 404.
@Suite struct RegexBudgetTests {
    static func catastrophic(_ index: Int) -> JSON {
        ["id": .string("slow-\(index)"), "request": ["method": "POST", "path": "/slow", "body": ["name": ["matches": "^(a+)+$"]]]]
    }

    /// Forty `a`s and a `!`: `^(a+)+$` backtracks 2^40 times before it fails.
    static let evil: JSON = ["name": .string(String(repeating: "a", count: 40) + "!")]

    @Test func twentyCatastrophicRoutes_spendOneRequestBudget_andTheAnswerSaysSo() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        for index in 0..<20 { _ = try admin.post("/__admin/routes", json: Self.catastrophic(index)) }
        let answer = try emulator.inProcessClient(credentials: .none).post("/slow", json: Self.evil)
        #expect(answer.status == 500)
        #expect(answer.json?["code"] == 1)
        #expect(answer.json?["error"]?.stringValue?.contains("regex matchers ran past their 50 ms budget") == true, "\(answer.text)")
        // An ordinary value still matches, and a route without regexes is not affected.
        _ = try admin.post("/__admin/routes", json: ["id": "plain", "request": ["path": "/plain"], "response": ["json": ["ok": true]]])
        #expect(try emulator.inProcessClient(credentials: .none).post("/slow", json: ["name": "aaa"]).status == 200)
        #expect(try emulator.inProcessClient(credentials: .none).get("/plain").json?["ok"] == true)
    }
}
