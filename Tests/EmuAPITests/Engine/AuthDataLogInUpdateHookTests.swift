import EmuAPI
import EmuHTTP
import EmuTestSupport
import LCWire
import Testing

/// An `authData` log-in that stores the account's fresh tokens on its user calls no
/// `beforeUpdate`/`afterUpdate`: LCEmu's choice, unconfirmed (LeanCloud's hook guide has
/// `_User`'s hooks run for saves through the API, and a log-in is not one; docs/cloud-code.md,
/// docs/compatibility.md). This test pins it.
@Suite struct AuthDataLogInUpdateHookTests {
    @Test func anAuthDataLogIn_storingFreshTokens_callsNoUpdateHook() throws {
        let engine = try FakeEngine(defines: ["__before_update_for__User", "__after_update_for__User"]) { request in
            FakeEngine.json(200, FakeEngine.body(request)?["object"] ?? [:])  // beforeUpdate: the update as it came
        }
        let emulator = try LogInHookTests.start(engine)
        let client = emulator.client()
        let signedUp = try client.post("/1.1/users", json: ["authData": ["weixin": ["openid": "o-1", "access_token": "t-1"]]])
        #expect(signedUp.status == 201)
        let id = try #require(signedUp.json?["objectId"]?.stringValue)
        let loggedIn = try client.post("/1.1/users", json: ["authData": ["weixin": ["openid": "o-1", "access_token": "t-2"]]])
        #expect(loggedIn.status == 200)
        let stored = try emulator.client(credentials: .masterKey).get("/1.1/users/\(id)").json
        #expect(stored?["authData"]?["weixin"]?["access_token"] == "t-2")
        #expect(engine.requests(to: "/1.1/functions/_User/beforeUpdate").isEmpty)

        // An update through the API calls both; once its afterUpdate is heard, any the log-in
        // had caused would have been heard before it (after-hooks run in order).
        let token = try #require(loggedIn.json?["sessionToken"]?.stringValue)
        let updated = try client.put("/1.1/users/\(id)", json: ["nickname": "wei"], headers: ["X-LC-Session": token])
        #expect(updated.status == 200)
        let afterUpdates = { engine.requests(to: "/1.1/functions/_User/afterUpdate").map { FakeEngine.body($0)?["object"] } }
        #expect(eventually { afterUpdates().count == 1 })
        #expect(afterUpdates()[0]?["_updatedKeys"] == ["nickname"])
        #expect(engine.requests(to: "/1.1/functions/_User/beforeUpdate").count == 1)
    }
}
