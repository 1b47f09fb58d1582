import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `/__admin/requests`: every answered request, newest first, secrets masked.
@Suite struct JournalTests {
    let emulator: TestServer
    let admin: TestClient
    let client: TestClient

    init() throws {
        emulator = try TestServer.start(seeded: true) { $0.journalSize = 5 }
        admin = emulator.inProcessClient(credentials: .masterKey)
        client = emulator.inProcessClient()
    }

    func journal(_ query: String = "") throws -> [JSON] {
        try #require(try admin.get("/__admin/requests" + query).json?["results"]?.arrayValue)
    }

    @Test func aRequest_isListed_newestFirst_withItsStatusAndApp() throws {
        _ = try client.get("/1.1/date")
        _ = try client.get("/1.1/classes/Nope/abc")
        let entries = try journal()
        #expect(entries.count == 2)
        #expect(entries[0]["path"] == "/1.1/classes/Nope/abc" && entries[0]["status"] == 404)
        #expect(entries[0]["code"] == 101)
        #expect(entries[1]["path"] == "/1.1/date" && entries[1]["code"] == .null)
        #expect(entries[1]["app"] == "lcemu-dev-app-id" && entries[1]["route"] == .null)
        #expect((entries[0]["id"]?.intValue ?? 0) > (entries[1]["id"]?.intValue ?? 0))
        #expect(entries[1]["time"]?.stringValue?.hasSuffix("Z") == true)
        #expect(entries[1]["response"]?["body"]?.stringValue?.contains("\"__type\":\"Date\"") == true)
    }

    @Test func keysSessionsAndPasswords_areMasked() throws {
        _ = try client.post("/1.1/users", json: ["username": "ann", "password": "secret-pw-1"])
        let entry = try #require(try journal().first)
        let request = entry["request"]?.jsonString ?? ""
        let response = entry["response"]?.jsonString ?? ""
        #expect(!request.contains("secret-pw-1") && !request.contains(emulator.app.appKey))
        #expect(request.contains("…redacted…") && request.contains("ann"))
        #expect(entry["request"]?["headers"]?["X-LC-Id"] == "lcemu-dev-app-id")
        #expect(response.contains("sessionToken") && response.contains("…redacted…"))
        let token = try #require(try client.post("/1.1/login", json: ["username": "ann", "password": "secret-pw-1"]).json?["sessionToken"]?.stringValue)
        _ = try client.get("/1.1/users/me?session_token=\(token)&keys=a")
        #expect(!(try admin.get("/__admin/requests?limit=3").text.contains(token)))
        let me = try #require(try journal("?path=/1.1/users/me").first)
        #expect(me["query"] == "session_token=…redacted…&keys=a")
    }

    @Test func filters_selectByMethodPathStatusAndAfter() throws {
        _ = try client.get("/1.1/date")
        _ = try client.post("/1.1/classes/Note", json: ["a": 1])
        _ = try client.get("/1.1/nowhere")
        #expect(try journal("?method=post").map(\.["path"]) == ["/1.1/classes/Note"])
        #expect(try journal("?path=/1.1/classes").count == 1)
        #expect(try journal("?status=4xx").map(\.["status"]) == [404])
        #expect(try journal("?status=201").count == 1)
        #expect(try journal("?unmatched=1").map(\.["path"]) == ["/1.1/nowhere"])
        let newest = try #require(try journal("?limit=1").first?["id"]?.intValue)
        _ = try client.get("/1.1/date")
        // The admin reads in between are journal entries too; only newer ones are listed.
        #expect(try journal("?after=\(newest)&path=/1.1/").map(\.["path"]) == ["/1.1/date"])
    }

    @Test func theJournal_isCapped_andClearedByDeleteAndReset() throws {
        for _ in 0..<8 { _ = try client.get("/1.1/date") }
        #expect(try journal().count == 5)
        #expect(try admin.delete("/__admin/requests").json?["status"] == "ok")
        #expect(try journal().map(\.["path"]) == ["/__admin/requests"])
        _ = try admin.post("/__admin/reset")
        #expect(try journal().map(\.["path"]) == ["/__admin/reset"])
    }

    @Test(arguments: ["?limit=0", "?limit=x", "?status=7xx", "?status=abc", "?after=-1"])
    func aMalformedFilter_isA400(query: String) throws {
        let response = try admin.get("/__admin/requests" + query)
        #expect(response.status == 400 && response.json?["code"] == 1)
    }

    @Test func theJournal_needsTheMasterKey_andARefusedRequestShowsInItsApp() throws {
        #expect(try client.get("/__admin/requests").status == 401)
        _ = try client.get("/1.1/date", headers: ["X-LC-Key": "wrong"])
        let refused = try #require(try journal("?status=401").first)
        #expect(refused["app"] == "lcemu-dev-app-id")
    }

    @Test func aLongBody_isKeptAsItsFirst16KiB() throws {
        let long = String(repeating: "x", count: 40_000)
        _ = try client.post("/1.1/classes/Note", json: ["text": .string(long)])
        let body = try #require(try journal("?method=POST").first?["request"]?["body"]?.stringValue)
        // Cut mid-JSON, so it shows as text: the first 16 KiB exactly.
        #expect(body.utf8.count == 16 * 1024 && body.hasPrefix("{\"text\":\"xxx"))
    }

    @Test func sizeZero_keepsNothing() throws {
        let quiet = try TestServer.start { $0.journalSize = 0 }
        let master = quiet.inProcessClient(credentials: .masterKey)
        _ = try quiet.inProcessClient().get("/1.1/date")
        #expect(try master.get("/__admin/requests").json?["results"] == [])
    }
}
