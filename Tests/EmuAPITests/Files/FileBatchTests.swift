import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// Batch with real routes of this branch: the file routes.
@Suite struct FileBatchTests {
    let emulator: TestServer

    init() throws { emulator = try TestServer.start(open: TestRoutes.emulator) }

    private func externalFile() throws -> String {
        try #require(try emulator.client(.inProcess).post("/1.1/files", json: ["url": "http://x.test/a"]).json?["objectId"]?.stringValue)
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func batchDelete_withCommaJoinedFileIds_deletesEach(tier: Tier) throws {
        let a = try externalFile(), b = try externalFile()
        let refused = try emulator.client(tier).post("/1.1/batch", json: ["requests": [
            ["method": "DELETE", "path": .string("/1.1/files/\(a),\(b)")],
        ]])
        #expect(refused.json == [["error": ["code": 403, "error": "Forbidden to delete by class permissions."]]])
        let response = try emulator.client(tier, credentials: .masterKey).post("/1.1/batch", json: ["requests": [
            ["method": "GET", "path": .string("/1.1/files/\(a)")],
            ["method": "DELETE", "path": .string("/1.1/files/\(a),\(b)")],
            ["method": "GET", "path": .string("/1.1/files/\(b)")],
        ]])
        let items = try #require(response.json?.arrayValue)
        #expect(items[0]["success"]?["objectId"] == .string(a))
        #expect(items[1] == ["success": [:]])
        #expect(items[2] == ["success": [:]])
    }

    @Test func batchSave_pointsAChildFileAtTheObjectThatUsesIt() throws {
        let response = try emulator.client(.inProcess).post("/1.1/batch/save", json: ["requests": [
            ["method": "POST", "path": "/1.1/files", "new": true,
             "body": ["__internalId": "f1", "url": "http://x.test/a.png", "name": "a.png"]],
            ["method": "PUT", "path": "/1.1/test/echo/obj1",
             "body": ["__internalId": "obj1", "__children": [["className": "_File", "cid": "f1", "key": "avatar"]]]],
        ]])
        #expect(response.status == 200)
        let fileId = try #require(response.json?["f1"]?["objectId"]?.stringValue)
        // The echo route answers what it received: the pointer, without the bookkeeping keys.
        #expect(response.json?["obj1"]?["body"] == ["avatar": LCPointer(className: "_File", objectId: fileId).json])
    }
}
