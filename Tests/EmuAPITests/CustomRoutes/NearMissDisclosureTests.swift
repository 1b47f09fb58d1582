import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// The near-miss report of a 404 reaches any caller: without the master key it says which
/// matchers missed and nothing of what they expect (a header's token is a secret); with it, and
/// in the journal (master-only), it says everything.
@Suite struct NearMissDisclosureTests {
    let emulator: TestServer
    let admin: TestClient

    static let guarded: JSON = [
        "id": "partner", "request": [
            "method": "POST", "path": "/partner/orders",
            "headers": ["X-Api-Token": ["equals": "tok-4f1d2a9c"], "X-Tenant": "acme-prod"],
            "query": ["channel": ["contains": "vip-only"]],
            "body": ["code": ["matches": "^PROMO-[0-9]{6}$"]],
        ],
    ]
    static let expectedValues = ["tok-4f1d2a9c", "acme-prod", "vip-only", "PROMO-"]

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        _ = try admin.post("/__admin/routes", json: Self.guarded)
    }

    func differences(_ response: TestClient.Response) -> [String] {
        response.json?["nearMisses"]?[0]?["differences"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    func attempt(_ client: TestClient) throws -> TestClient.Response {
        try client.post("/partner/orders?channel=web", json: ["code": "WRONG"], headers: ["X-Tenant": "other"])
    }

    @Test func withoutTheMasterKey_theReportNamesTheMatchers_butNotTheirValues() throws {
        for credentials in [TestClient.Credentials.none, .appKey] {
            let response = try attempt(emulator.inProcessClient(credentials: credentials))
            #expect(response.status == 404)
            #expect(differences(response).sorted() == [
                "body.code: \"WRONG\" does not match",
                "headers.X-Api-Token: missing",
                "headers.X-Tenant: \"other\" is not the expected value",
                "query.channel: \"web\" does not contain the expected value",
            ])
            for value in Self.expectedValues { #expect(!response.text.contains(value), "\(value) in \(response.text)") }
        }
    }

    @Test func withTheMasterKey_andInTheJournal_theReportSaysWhatTheRouteExpects() throws {
        let expected = [
            "body.code: \"WRONG\" does not match ^PROMO-[0-9]{6}$",
            "headers.X-Api-Token: missing, expected \"tok-4f1d2a9c\"",
            "headers.X-Tenant: \"other\" is not \"acme-prod\"",
            "query.channel: \"web\" does not contain \"vip-only\"",
        ]
        #expect(differences(try attempt(admin)).sorted() == expected)
        _ = try attempt(emulator.inProcessClient(credentials: .none))
        let journaled = try admin.get("/__admin/requests?unmatched=1").json?["results"]?.arrayValue ?? []
        #expect(journaled.count == 2)
        for entry in journaled {
            #expect(entry["nearMisses"]?[0]?["differences"]?.arrayValue?.compactMap(\.stringValue).sorted() == expected)
        }
    }

    @Test func aWrongMasterKey_orAnotherAppsOne_seesNoValues() throws {
        let forged = try attempt(emulator.inProcessClient(credentials: .headers(["X-LC-Id": emulator.app.appId, "X-LC-Key": "guess,master"])))
        for value in Self.expectedValues { #expect(!forged.text.contains(value), "\(value)") }
    }
}
