import EmuTestSupport
import EmuTesting
import Foundation
import LCWire
import Testing

@Suite struct FileCreateTests {
    let emulator: TestServer

    init() throws { emulator = try TestServer.start(open: TestRoutes.emulator) }

    @Test(arguments: Tier.inProcessAndSocket)
    func externalFile_isCreatedLikeAnObject(tier: Tier) throws {
        let response = try emulator.client(tier).post("/1.1/files", json: [
            "name": "logo.png", "url": "https://example.com/logo.png", "mime_type": "image/png",
            "metaData": ["__source": "external", "owner": "u1"], "ACL": ["*": ["read": true]],
        ])
        #expect(response.status == 201)
        #expect(response.json?.objectValue?.keys == ["objectId", "createdAt"])
        let id = try #require(response.json?["objectId"]?.stringValue)
        #expect(response.headers["Location"] == "http://localhost/1.1/files/\(id)")
        let file = try #require(try emulator.client(tier).get("/1.1/files/\(id)").json)
        #expect(file["url"] == "https://example.com/logo.png")
        #expect(file["name"] == "logo.png")
        #expect(file["metaData"] == ["__source": "external", "owner": "u1", "size": 0])
        #expect(file["key"] == nil)
        #expect(try emulator.stored("_File", id)?.acl == ["*": ["read": true]])
    }

    @Test func filesBody_withoutURLOrBase64_is107() throws {
        let response = try emulator.client(.inProcess).post("/1.1/files", json: ["name": "x"])
        #expect(response.status == 400)
        #expect(response.json == ["code": 107, "error": "Malformed file: a file needs \"url\" or \"base64\"."])
        #expect(try emulator.client(.inProcess).post("/1.1/files", json: ["url": "u", "metaData": 1]).json?["code"] == 107)
        #expect(try emulator.client(.inProcess).post("/1.1/files", json: ["url": "u", "ACL": 1]).json?["code"] == 123)
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func namedPOST_withRawBytes_storesAndServesThem(tier: Tier) throws {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]
        let response = try emulator.client(tier).send("POST", "/1.1/files/pic.png", body: bytes, headers: ["Content-Type": "image/png"])
        #expect(response.status == 201)
        #expect(response.json?.objectValue?.keys == ["objectId", "createdAt", "name", "url", "size"])
        #expect(response.json?["name"] == "pic.png")
        #expect(response.json?["size"] == 6)
        let served = try emulator.client(tier, credentials: .none).get(target(of: response.json?["url"]?.stringValue ?? ""))
        #expect(served.body == bytes)
        #expect(served.headers["Content-Type"] == "image/png")
    }

    @Test func namedPOST_understandsThePythonSDKsJSONForms() throws {
        let client = emulator.client(.inProcess)
        let external = try client.post("/1.1/files/doc.pdf", json: ["name": "doc.pdf", "url": "http://x.test/doc.pdf",
                                                                    "metaData": ["owner": "unknown", "__source": "external"]])
        #expect(external.status == 201)
        #expect(external.json?["url"] == "http://x.test/doc.pdf")
        #expect(external.json?["size"] == 0)
        // Python's base64 encoder breaks lines every 76 characters.
        let text = String(repeating: "lcemu ", count: 20)
        let encoded = Data(text.utf8).base64EncodedString(options: .lineLength76Characters)
        let inline = try client.post("/1.1/files/notes.txt", json: ["base64": .string(encoded), "_ContentType": "text/plain", "metaData": [:]])
        #expect(inline.json?["size"] == 120)
        let served = try emulator.client(.inProcess, credentials: .none).get(target(of: inline.json?["url"]?.stringValue ?? ""))
        #expect(served.text == text)
        #expect(served.headers["Content-Type"] == "text/plain")
    }

    @Test func namedPOST_ofAJSONDocument_storesTheDocument() throws {
        let response = try emulator.client(.inProcess).post("/1.1/files/data.json", json: ["a": [1, 2]])
        #expect(response.status == 201)
        let served = try emulator.client(.inProcess, credentials: .none).get(target(of: response.json?["url"]?.stringValue ?? ""))
        #expect(served.text == #"{"a":[1,2]}"#)
        #expect(served.headers["Content-Type"] == "application/json")
    }

    @Test func fetch_ofUnknownId_is404BeforeAnyFile_thenEmptyObject() throws {
        let before = try emulator.client(.inProcess).get("/1.1/files/0123456789abcdef01234567")
        #expect(before.status == 404)
        #expect(before.json?["code"] == 101)
        _ = try emulator.client(.inProcess).post("/1.1/files", json: ["url": "http://x.test/a"])
        let after = try emulator.client(.inProcess).get("/1.1/files/0123456789abcdef01234567")
        #expect(after.status == 200)
        #expect(after.json == [:])
    }
}
