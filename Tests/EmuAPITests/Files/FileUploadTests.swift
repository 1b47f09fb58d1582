import EmuTestSupport
import EmuTesting
import LCWire
import Testing

@Suite struct FileUploadTests {
    let emulator: TestServer
    let bytes: [UInt8] = [0x00, 0xFF, 0x10, 0x80, 0x41, 0x0D, 0x0A]

    init() throws { emulator = try TestServer.start(open: TestRoutes.emulator) }

    private func token(_ tier: Tier, _ body: JSON, credentials: TestClient.Credentials = .appKey) throws -> JSON {
        let response = try emulator.client(tier, credentials: credentials).post("/1.1/fileTokens", json: body)
        #expect(response.status == 200)
        return try #require(response.json)
    }

    private func put(_ tier: Tier, _ uploadURL: JSON?, _ body: [UInt8], contentType: String? = "application/x-demo") throws -> TestClient.Response {
        let url = try #require(uploadURL?.stringValue)
        // TestClient types every body as JSON; an empty value stands for "no Content-Type".
        return try emulator.client(tier, credentials: .none)
            .send("PUT", target(of: url), body: body, headers: ["Content-Type": contentType ?? ""])
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func tokenUploadCallback_thenURLServesSameBytes_untilDeleted(tier: Tier) throws {
        let tokens = try token(tier, ["name": "demo.bin", "mime_type": "application/x-demo", "metaData": ["size": 7, "_checksum": "abc"]])
        #expect(tokens.objectValue?.keys == ["objectId", "createdAt", "token", "url", "mime_type", "provider", "upload_url", "key", "bucket"])
        #expect(tokens["provider"] == "s3")
        #expect(tokens["bucket"] == "lcemu")
        #expect(tokens["mime_type"] == "application/x-demo")
        let key = try #require(tokens["key"]?.stringValue)
        let id = try #require(tokens["objectId"]?.stringValue)
        #expect(key.hasSuffix(".bin"))
        // LeanCloud's form: the URL's path is the key (docs/files.md, "File URLs").
        #expect(tokens["url"]?.stringValue == "http://localhost/\(key)")
        #expect(tokens["upload_url"]?.stringValue?.hasPrefix("http://localhost/__files/upload/\(emulator.app.appId)/") == true)

        let uploaded = try put(tier, tokens["upload_url"], bytes)
        #expect(uploaded.status == 200)
        #expect(uploaded.headers["ETag"] != nil)
        #expect(try emulator.client(tier).post("/1.1/fileCallback", json: ["token": tokens["token"] ?? nil, "result": true]).json == [:])

        let url = try #require(tokens["url"]?.stringValue)
        let served = try emulator.client(tier, credentials: .none).get(target(of: url))
        #expect(served.status == 200)
        #expect(served.body == bytes)
        #expect(served.headers["Content-Type"] == "application/x-demo")
        #expect(served.headers["Content-Length"] == "7")
        // The long form of earlier versions serves the same bytes: old links keep working.
        #expect(try emulator.client(tier, credentials: .none).get("/__files/\(emulator.app.appId)/\(key)").body == bytes)

        let file = try #require(try emulator.client(tier).get("/1.1/files/\(id)").json)
        #expect(file.objectValue?.keys == ["name", "url", "mime_type", "key", "provider", "bucket", "metaData",
                                           "objectId", "createdAt", "updatedAt"])
        #expect(file["metaData"] == ["size": 7, "_checksum": "abc", "owner": "unknown"])
        #expect(file["url"] == tokens["url"])

        let refused = try emulator.client(tier).delete("/1.1/files/\(id)")
        #expect(refused.status == 403)
        #expect(refused.json == ["code": 403, "error": "Forbidden to delete by class permissions."])
        #expect(try emulator.client(tier, credentials: .masterKey).delete("/1.1/files/\(id)").json == [:])
        let gone = try emulator.client(tier, credentials: .none).get(target(of: url))
        #expect(gone.status == 404)
        #expect(gone.json == ["code": 404, "error": "The requested resource was not found."])
        #expect(try emulator.client(tier).get("/1.1/files/\(id)").json == [:])
    }

    @Test func uploadToken_worksOnce_andExpires() throws {
        let first = try token(.inProcess, ["name": "a.txt"])
        #expect(try put(.inProcess, first["upload_url"], [1]).status == 200)
        let again = try put(.inProcess, first["upload_url"], [2])
        #expect(again.status == 403)
        #expect(again.json == ["code": 403, "error": "The upload token is invalid, expired or already used."])
        let second = try token(.inProcess, ["name": "b.txt"])
        emulator.emulator.clock.advance(milliseconds: 3_600_001)
        defer { emulator.emulator.clock.reset() }
        #expect(try put(.inProcess, second["upload_url"], [1]).status == 403)
    }

    @Test func upload_measuresTheRealSize_andDefaultsToTheFileType() throws {
        let tokens = try token(.inProcess, ["name": "pic.png", "metaData": ["size": 1]])
        #expect(tokens["mime_type"] == "image/png")
        #expect(try put(.inProcess, tokens["upload_url"], bytes, contentType: nil).status == 200)
        let served = try emulator.client(.inProcess, credentials: .none).get(target(of: tokens["url"]?.stringValue ?? ""))
        #expect(served.headers["Content-Type"] == "image/png")
        let file = try emulator.client(.inProcess).get("/1.1/files/\(tokens["objectId"]?.stringValue ?? "")").json
        #expect(file?["metaData"]?["size"] == 7)
    }

    @Test func failedCallback_deletesThePendingFile() throws {
        let tokens = try token(.inProcess, ["name": "a.txt"])
        let id = try #require(tokens["objectId"]?.stringValue)
        #expect(try emulator.client(.inProcess).get("/1.1/files/\(id)").json?["name"] == "a.txt")
        #expect(try emulator.client(.inProcess).post("/1.1/fileCallback", json: ["token": tokens["token"] ?? nil, "result": false]).json == [:])
        #expect(try emulator.client(.inProcess).get("/1.1/files/\(id)").json == [:])
        #expect(try put(.inProcess, tokens["upload_url"], [1]).status == 403)
    }

    @Test func callback_refusesUnknownOrMissingToken() throws {
        let unknown = try emulator.client(.inProcess).post("/1.1/fileCallback", json: ["token": "nope", "result": true])
        #expect(unknown.status == 400)
        #expect(unknown.json == ["code": 1, "error": "Could not find a file upload for this token."])
        let missing = try emulator.client(.inProcess).post("/1.1/fileCallback", json: ["result": true])
        #expect(missing.json?["code"] == 107)
    }

    @Test func chosenKey_needsMasterKey_mustBeAPath_andUnique() throws {
        let client = emulator.client(.inProcess)
        let refused = try client.post("/1.1/fileTokens", json: ["name": "me.png", "key": "avatars/me.png"])
        #expect(refused.status == 403)
        #expect(refused.json?["code"] == 119)
        let tokens = try token(.inProcess, ["name": "me.png", "key": "avatars/me.png"], credentials: .masterKey)
        #expect(tokens["key"] == "avatars/me.png")
        #expect(tokens["url"]?.stringValue?.hasSuffix("/avatars/me.png") == true)
        let master = emulator.client(.inProcess, credentials: .masterKey)
        #expect(try master.post("/1.1/fileTokens", json: ["key": "avatars/me.png"]).json?["code"] == 137)
        #expect(try master.post("/1.1/fileTokens", json: ["key": "../x"]).json?["code"] == 122)
    }

    @Test func keepFileName_putsTheNameAtTheEndOfTheKey_andNameDefaultsToKey() throws {
        let kept = try token(.inProcess, ["name": "report 1.pdf", "keep_file_name": true])
        #expect(kept["key"]?.stringValue?.hasSuffix("/report 1.pdf") == true)
        #expect(kept["url"]?.stringValue?.hasSuffix("/report%201.pdf") == true)
        let unnamed = try token(.inProcess, [:])
        let file = try emulator.client(.inProcess).get("/1.1/files/\(unnamed["objectId"]?.stringValue ?? "")").json
        #expect(file?["name"] == unnamed["key"])
        #expect(file?["mime_type"] == "application/octet-stream")
    }

    @Test func fileEndpoints_needKeys_butFileURLsDoNot() throws {
        #expect(try emulator.client(.inProcess, credentials: .none).post("/1.1/fileTokens", json: [:]).status == 401)
        #expect(try emulator.client(.inProcess, credentials: .none).get("/__files/unknown-app/x.png").status == 404)
    }
}
