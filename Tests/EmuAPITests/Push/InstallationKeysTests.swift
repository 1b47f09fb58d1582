import EmuAPI
import EmuTestSupport
import LCWire
import Testing

/// The upsert of `POST /1.1/installations` finds an installation by the `deviceToken` and
/// `installationId` its side table holds (`installation_keys`, docs/storage.md): an update or a
/// delete through the object routes moves or frees them.
@Suite struct InstallationKeysTests {
    let emulator: TestServer
    let client: TestClient

    init() throws {
        emulator = try TestServer.start(.inProcess)
        client = emulator.inProcessClient()
    }

    struct Saved: Equatable {
        let id: String?
        let status: Int
    }

    private func save(_ body: JSON) throws -> Saved {
        let response = try client.post("/1.1/installations", json: body)
        return Saved(id: response.json?["objectId"]?.stringValue, status: response.status)
    }

    @Test func aChangedToken_findsTheInstallation_theOldOneNoLonger() throws {
        let first = try save(["deviceType": "ios", "deviceToken": "token-1"])
        let id = try #require(first.id)
        #expect(try client.put("/1.1/installations/\(id)", json: ["deviceToken": "token-2"]).status == 200)
        #expect(try save(["deviceType": "ios", "deviceToken": "token-2", "badge": 1]) == Saved(id: id, status: 200))
        let other = try save(["deviceType": "ios", "deviceToken": "token-1"])
        #expect(other.status == 201 && other.id != id)
    }

    @Test func aDeletedInstallation_isNoLongerFound_byEitherKey() throws {
        let body: JSON = ["deviceType": "android", "installationId": "device-1"]
        let id = try #require(try save(body).id)
        #expect(try save(body) == Saved(id: id, status: 200))
        #expect(try client.delete("/1.1/installations/\(id)").status == 200)
        let again = try save(body)
        #expect(again.status == 201 && again.id != id)
    }

    @Test func theTokenComesFirst_thenTheInstallationId() throws {
        let byToken = try #require(try save(["deviceType": "ios", "deviceToken": "t"]).id)
        let byId = try #require(try save(["deviceType": "android", "installationId": "i"]).id)
        #expect(try save(["deviceType": "android", "deviceToken": "unknown", "installationId": "i"]) == Saved(id: byId, status: 200))
        #expect(try save(["deviceType": "ios", "deviceToken": "t", "installationId": "i"]) == Saved(id: byToken, status: 200))
    }
}
