@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import Foundation
import LCWire
import Testing

/// The hidden SHA-1 password hash cannot be queried, sorted on or used as a write condition.
@Suite struct WebPasswordHidingTests {
    @Test(arguments: [
        #"/1.1/classes/_User?where=%7B%22_webPassword%22%3A%7B%22%24exists%22%3Atrue%7D%7D"#,
        "/1.1/classes/_User?order=_webPassword",
    ])
    func queries_onTheHiddenField_areRefused(target: String) throws {
        let fixture = try WebLoginFixture()
        let response = try fixture.emulator.inProcessClient(credentials: .masterKey).get(target)
        #expect(response.status == 400)
        #expect(response.json?["code"] == 1)
    }

    @Test func conditionalUpdate_onTheHiddenField_isRefused() throws {
        let fixture = try WebLoginFixture()
        let condition = #"%7B%22_webPassword%22%3A%7B%22%24exists%22%3Atrue%7D%7D"#
        let response = try fixture.emulator.inProcessClient(credentials: .masterKey)
            .put("/1.1/classes/_User/\(fixture.userId)?where=\(condition)", json: ["nickname": "x"])
        #expect(response.status == 400)
    }
}

/// The hidden hash survives an export and an import, so web log-ins keep working.
@Suite struct WebPasswordTransferTests {
    @Test func exportThenImport_keepsTheWebPassword() throws {
        let directory = try TemporaryDirectory()
        let appId = AppConfiguration.development.appId
        do {
            let source = try TestServer.start { $0.dataDirectory = directory.path("a") }
            _ = try source.createUser(WebLoginFixture.username, fields: ["email": .string(WebLoginFixture.email)])
        }
        let exported = try AppDataFile(appId: appId, dataDirectory: directory.path("a"), create: false)
        let users = try #require(try JSONParser.parse(exported.export(className: "_User"))["results"]?.arrayValue)
        try exported.close()
        let target = try AppDataFile(appId: appId, dataDirectory: directory.path("b"))
        _ = try target.importObjects(users.compactMap(\.objectValue), into: "_User")
        try target.close()

        let emulator = try TestServer.start { $0.dataDirectory = directory.path("b") }
        var browser = TestBrowser(emulator.inProcessClient())
        _ = try browser.get("/api/captcha/login")
        #expect(try browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
    }
}

/// A user without the `/api` hash (made before it existed, or imported without it) gets one at
/// the next password log-in on `/1.1/login` or the OAuth password grant.
@Suite struct WebPasswordBackfillTests {
    /// The fixture's user as an older LCEmu left it: the main hash only.
    private func fixtureWithoutWebPassword() throws -> WebLoginFixture {
        let fixture = try WebLoginFixture()
        try fixture.app.database.write { db in
            var user = try #require(try UserStore.fetch(fixture.userId, in: db))
            user.fields[UserPassword.webField] = nil
            try ObjectStore.update(user, in: db)
        }
        return fixture
    }

    private func webLogInCode(_ fixture: WebLoginFixture) throws -> JSON? {
        var browser = fixture.newBrowser()
        _ = try browser.get("/api/captcha/login")
        return try browser.post("/api/login", form: WebLoginFixture.form()).json?["code"]
    }

    @Test func aLogInOnTheRestAPI_letsTheUserLogInOnAPI() throws {
        let fixture = try fixtureWithoutWebPassword()
        #expect(try webLogInCode(fixture) != 0)
        let client = fixture.emulator.inProcessClient()
        let wrong = try client.post("/1.1/login", json: ["username": "alice", "password": "not-it"])
        #expect(wrong.status == 400)
        #expect(try webLogInCode(fixture) != 0)  // a wrong password stores nothing
        let before = try fixture.app.database.read { db in try UserStore.fetch(fixture.userId, in: db) }
        let right = try client.post("/1.1/login", json: ["username": "alice", "password": .string(WebLoginFixture.password)])
        #expect(right.status == 200)
        #expect(right.json?["_webPassword"] == nil)
        #expect(try webLogInCode(fixture) == 0)
        let after = try fixture.app.database.read { db in try UserStore.fetch(fixture.userId, in: db) }
        #expect(after?.updatedAt == before?.updatedAt)
    }

    @Test func theOAuthPasswordGrant_storesItToo() throws {
        let fixture = try fixtureWithoutWebPassword()
        let app = fixture.emulator.app
        let basic = "Basic " + Data("\(app.appId):\(app.appKey)".utf8).base64EncodedString()
        let form = "grant_type=password&username=alice&password=\(WebLoginFixture.password)"
        let response = try fixture.emulator.inProcessClient(credentials: .none).send(
            "POST", "/oauth/access_token", body: Array(form.utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Authorization": basic, "X-LC-Id": app.appId])
        #expect(response.status == 200)
        #expect(try webLogInCode(fixture) == 0)
    }
}
