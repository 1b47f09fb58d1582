import EmuAPI
import EmuTesting
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
            let source = try TestEmulator.start { $0.dataDirectory = directory.path("a") }
            _ = try source.createUser(WebLoginFixture.username, fields: ["email": .string(WebLoginFixture.email)])
        }
        let exported = try AppDataFile(appId: appId, dataDirectory: directory.path("a"), create: false)
        let users = try #require(try JSONParser.parse(exported.export(className: "_User"))["results"]?.arrayValue)
        try exported.close()
        let target = try AppDataFile(appId: appId, dataDirectory: directory.path("b"))
        _ = try target.importObjects(users.compactMap(\.objectValue), into: "_User")
        try target.close()

        let emulator = try TestEmulator.start { $0.dataDirectory = directory.path("b") }
        var browser = TestBrowser(emulator.inProcessClient())
        _ = try browser.get("/api/captcha/login")
        #expect(try browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
    }
}
