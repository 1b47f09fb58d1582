import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// `GET /__admin/requests` filtered by what a request carried: `query.<name>`, `header.<name>`,
/// `body.<name>` (nested `a.b`; JSON and form bodies), each repeatable and all holding at once;
/// an unknown parameter or a filter on a secret is refused with 400.
@Suite struct JournalFieldFilterTests {
    let emulator: TestServer
    let admin: TestClient
    let device: TestClient

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
        // Requests no route answers are journaled all the same: the filters read what was sent.
        _ = try device.get("/merchant/feedback?limit=10&offset=0&replyStatus=1", headers: ["uuid": "device-1"])
        _ = try device.get("/merchant/feedback?limit=10&offset=10", headers: ["uuid": "device-2"])
        _ = try form("/app/login", "tick=1732400000000&username=13812345678", headers: ["uuid": "device-1"])
        _ = try device.post("/v1/profile", json: ["account": "ann", "profile": ["city": "Hangzhou", "age": 30], "remember": true])
    }

    func form(_ path: String, _ body: String, headers: HTTPHeaders = [:]) throws -> TestClient.Response {
        var all = headers
        all.set("Content-Type", "application/x-www-form-urlencoded")
        return try device.send("POST", path, body: Array(body.utf8), headers: all)
    }

    func paths(_ query: String) throws -> [String] {
        let response = try admin.get("/__admin/requests?" + query)
        #expect(response.status == 200, "\(query): \(response.text)")
        return response.json?["results"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
    }

    @Test func aQueryParameter_selectsTheRequestsThatSentIt() throws {
        #expect(try paths("query.offset=10") == ["/merchant/feedback"])
        #expect(try paths("query.replyStatus=1").count == 1)
        #expect(try paths("query.replyStatus=2").isEmpty)
    }

    @Test func aHeader_inAnyCase() throws {
        #expect(try paths("header.uuid=device-1") == ["/app/login", "/merchant/feedback"])
        #expect(try paths("header.UUID=device-2") == ["/merchant/feedback"])
    }

    @Test func aBodyField_ofAFormOrJSON_nestedToo_comparedLoosely() throws {
        #expect(try paths("body.username=13812345678") == ["/app/login"])
        #expect(try paths("body.tick=1732400000000") == ["/app/login"])
        #expect(try paths("body.account=ann") == ["/v1/profile"])
        #expect(try paths("body.profile.city=Hangzhou") == ["/v1/profile"])
        #expect(try paths("body.profile.age=30") == ["/v1/profile"])  // the number 30, as text
        #expect(try paths("body.remember=true") == ["/v1/profile"])
        #expect(try paths("body.profile.city=Beijing").isEmpty)
    }

    @Test func severalFilters_allHold() throws {
        #expect(try paths("header.uuid=device-1&query.limit=10") == ["/merchant/feedback"])
        #expect(try paths("header.uuid=device-1&method=POST") == ["/app/login"])
        #expect(try paths("header.uuid=device-1&query.offset=10").isEmpty)
        #expect(try paths("query.limit=10&query.offset=0") == ["/merchant/feedback"])
        #expect(try paths("query.limit=10&query.offset=10&query.offset=0").isEmpty)
    }

    @Test(arguments: ["bogus=1", "limit=5&Method=GET", "headers.uuid=x", "query.=1"])
    func anUnknownParameter_isRefused_listingTheKnownOnes(query: String) throws {
        let response = try admin.get("/__admin/requests?" + query)
        #expect(response.status == 400)
        #expect(response.json?["code"] == 1)
        let message = response.json?["error"]?.stringValue ?? ""
        #expect(message.contains("request journal"))
        if !query.hasPrefix("query.") {
            #expect(message.contains("known: method, path, status, route, caller, unmatched, after, limit, query.<name>, header.<name>, body.<name>"))
        }
    }

    @Test(arguments: ["body.password=secret1", "body.user.password=x", "header.X-LC-Key=k", "header.Authorization=Bearer%20x",
                      "query.session_token=t", "body.sessionToken=t"])
    func aFilterOnASecret_isRefused(query: String) throws {
        let response = try admin.get("/__admin/requests?" + query)
        #expect(response.status == 400)
        #expect(response.json?["code"] == 1)
        #expect(response.json?["error"]?.stringValue?.contains("secret") == true)
    }

    @Test func aSecretOfOneRouteOnly_neverMatches_whereTheJournalMasksIt() throws {
        let client = emulator.inProcessClient()
        _ = try client.post("/1.1/changePhoneNumber", json: ["mobilePhoneNumber": "13800000000", "code": "123456"])
        _ = try device.post("/elsewhere", json: ["code": "123456"])
        // `code` is LeanCloud's error code elsewhere, data to filter on; on changePhoneNumber, an SMS code.
        #expect(try paths("body.code=123456") == ["/elsewhere"])
    }

    @Test func theDashboardsParameters_areAllKnown() throws {
        #expect(try admin.get("/__admin/requests?after=1&limit=200&status=4xx&path=/merchant").status == 200)
        #expect(try admin.get("/__admin/requests?unmatched=1&limit=50&after=2").status == 200)
    }
}
