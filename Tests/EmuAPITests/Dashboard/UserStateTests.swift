@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// `/__admin/user-states`, `DELETE /__admin/sessions/<userId>`, `DELETE /__admin/login-failures/<userId>`.
@Suite struct UserStateTests {
    @Test func session_isListedWithAHint_andRevokingEndsIt() throws {
        let emulator = try TestServer.start()
        let userId = try emulator.createUser("alice")
        let token = try emulator.sessionToken(forUser: userId)
        let master = emulator.inProcessClient(credentials: .masterKey)
        let states = try master.get("/__admin/user-states").json?["results"]?.arrayValue ?? []
        let alice = try #require(states.first { $0["userId"]?.stringValue == userId })
        #expect(alice["session"]?["token"]?.stringValue == "…" + String(token.suffix(4)))
        #expect(alice["locked"] == false && alice["failedLogIns"] == 0)
        let revoked = try master.delete("/__admin/sessions/\(userId)")
        #expect(revoked.status == 200 && revoked.json?["deleted"] == 1)
        var asAlice = emulator.inProcessClient()
        asAlice.sessionToken = token
        #expect(try asAlice.get("/1.1/users/me").json?["code"] == 211)
    }

    @Test func failedLogIns_lock_andForgettingThemUnlocks() throws {
        let emulator = try TestServer.start()
        let userId = try emulator.createUser("bob")
        let client = emulator.inProcessClient()
        for _ in 0...LoginThrottle.maxFailures {
            _ = try client.post("/1.1/login", json: ["username": "bob", "password": "wrong"])
        }
        let master = emulator.inProcessClient(credentials: .masterKey)
        let bob = try #require(try master.get("/__admin/user-states").json?["results"]?.arrayValue?.first {
            $0["userId"]?.stringValue == userId
        })
        #expect(bob["locked"] == true)
        #expect(bob["failedLogIns"] == JSON(LoginThrottle.maxFailures + 1))
        #expect(bob["lockedUntil"]?.stringValue != nil)
        #expect(try master.delete("/__admin/login-failures/\(userId)").status == 200)
        let right = try client.post("/1.1/login", json: ["username": "bob", "password": "password-of-bob"])
        #expect(right.status == 200)
    }

    @Test func everyRoute_needsTheMasterKey() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        #expect(try client.get("/__admin/user-states").status == 401)
        #expect(try client.delete("/__admin/sessions/x").status == 401)
        #expect(try client.delete("/__admin/login-failures/x").status == 401)
    }
}
