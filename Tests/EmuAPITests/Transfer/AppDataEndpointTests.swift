import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// `GET /__admin/export`, `GET /__admin/snapshots/<name>/export` and `POST /__admin/import`: the
/// whole app as one file in `lcemu exec --export-on-exit`'s format, downloaded and restored
/// (docs/import-export.md, "Over the API"; the dashboard's snapshot panel).
@Suite struct AppDataEndpointTests {
    let emulator: TestServer
    let admin: TestClient
    let client: TestClient

    init() throws {
        emulator = try TestServer.start(seeded: true)
        admin = emulator.inProcessClient(credentials: .masterKey)
        client = emulator.inProcessClient()
    }

    private func titles() throws -> [JSON] {
        try admin.get("/1.1/classes/Note?order=createdAt").json?["results"]?.arrayValue?.compactMap { $0["text"] } ?? []
    }

    @Test func export_thenImport_bringsTheAppBack_andReplacesWhatCameSince() throws {
        let kept = try #require(try client.post("/1.1/classes/Note", json: ["text": "kept"]).json?["objectId"])
        let exported = try admin.get("/__admin/export")
        #expect(exported.status == 200 && exported.headers["Content-Disposition"] == "attachment; filename=\"\(emulator.app.appId).json\"")
        let document = try #require(exported.json)
        #expect(document["classes"]?["Note"]?["results"]?.arrayValue?.count == 1)
        #expect(document["classes"]?["Post"]?["results"]?.arrayValue?.count == 40)

        _ = try client.post("/1.1/classes/Note", json: ["text": "later"])
        _ = try client.post("/1.1/classes/Other", json: ["n": 1])
        let imported = try admin.send("POST", "/__admin/import", body: exported.body, headers: ["Content-Type": "application/json"])
        #expect(imported.status == 200 && imported.json?["objects"] == JSON(40 + 1 + (document["classes"]?["_User"]?["results"]?.arrayValue?.count ?? 0)))
        #expect(try titles() == ["kept"])
        #expect(try admin.get("/1.1/classes/Note").json?["results"]?[0]?["objectId"] == kept)
        #expect(try admin.get("/1.1/classes/Other").json?["results"]?.arrayValue?.isEmpty == true)
        // The same file again: byte for byte the same export.
        #expect(try admin.get("/__admin/export").body == exported.body)
    }

    @Test func aBadFile_isRefusedWithTheAPIsError_andChangesNothing() throws {
        _ = try client.post("/1.1/classes/Note", json: ["text": "kept"])
        let before = try admin.get("/__admin/export").body
        let bad: [(String, Int)] = [
            ("{\"classes\":", 107),                                               // not JSON
            ("[{\"text\":\"a\"}]", 1),                                             // not a document
            ("{\"classes\":{\"Note\":{\"results\":[{\"text\":\"ok\"},{\"bad-key\":1}]}}}", 1),   // one bad object
            ("{\"classes\":{\"9Bad\":{\"results\":[]}}}", 1),                     // a bad class name
            ("{\"classes\":{\"Note\":{\"results\":[{\"objectId\":\"65a1f0c0e4b0a1d2c3f50001\"},{\"objectId\":\"65a1f0c0e4b0a1d2c3f50001\"}]}}}", 1),
        ]
        for (body, code) in bad {
            let answer = try admin.send("POST", "/__admin/import", body: Array(body.utf8), headers: ["Content-Type": "application/json"])
            #expect(answer.status == 400 && answer.json?["code"] == JSON(code), "\(body): \(answer.text)")
            #expect(answer.json?["error"]?.stringValue?.isEmpty == false)
        }
        #expect(try admin.get("/__admin/export").body == before)
        #expect(try client.send("POST", "/__admin/import", body: before).status == 401)
    }

    @Test func aSnapshotExport_isTheDataWhenItWasTaken() throws {
        _ = try client.post("/1.1/classes/Note", json: ["text": "in the snapshot"])
        #expect(try admin.put("/__admin/snapshots/base", json: [:]).status == 200)
        let atSnapshot = try admin.get("/__admin/export").body
        _ = try client.post("/1.1/classes/Note", json: ["text": "after"])
        let snapshot = try admin.get("/__admin/snapshots/base/export")
        #expect(snapshot.status == 200 && snapshot.body == atSnapshot)
        #expect(snapshot.headers["Content-Disposition"] == "attachment; filename=\"\(emulator.app.appId)-base.json\"")
        let missing = try admin.get("/__admin/snapshots/nope/export")
        #expect(missing.status == 404 && missing.json?["code"] == 1)
    }
}
