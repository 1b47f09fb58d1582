@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// File URLs whose path is the key (`<base>/<key>`), as the SDKs expect of LeanCloud's file
/// domains; the long form `/__files/<appId>/<key>` keeps serving every file.
@Suite struct FileURLTests {
    let emulator: TestServer

    init() throws { emulator = try TestServer.start(open: TestRoutes.emulator) }

    private func upload(key: String, _ bytes: [UInt8], tier: Tier = .inProcess) throws -> String {
        let master = emulator.client(tier, credentials: .masterKey)
        let tokens = try #require(try master.post("/1.1/fileTokens", json: ["name": "x.bin", "key": .string(key)]).json)
        let uploadURL = try #require(tokens["upload_url"]?.stringValue)
        #expect(try emulator.client(tier, credentials: .none).send("PUT", target(of: uploadURL), body: bytes,
                                                                   headers: ["Content-Type": "application/x-demo"]).status == 200)
        return try #require(tokens["url"]?.stringValue)
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func chosenKey_isTheWholePathOfTheURL_andServedThere(tier: Tier) throws {
        let url = try upload(key: "chosen/path/data.bin", [1, 2, 3], tier: tier)
        #expect(target(of: url) == "/chosen/path/data.bin")
        let client = emulator.client(tier, credentials: .none)
        #expect(try client.get("/chosen/path/data.bin").body == [1, 2, 3])
        #expect(try client.get("/__files/\(emulator.app.appId)/chosen/path/data.bin").body == [1, 2, 3])
        #expect(try client.send("HEAD", "/chosen/path/data.bin", body: [], headers: [:]).status == 200)
    }

    /// Keys an emulator route would shadow keep the long form, which serves them.
    @Test(arguments: ["1.1/classes/Post", "__admin/x.txt", "api/x"])
    func shadowedKeys_keepTheLongForm(key: String) throws {
        let url = try upload(key: key, [7])
        #expect(target(of: url) == "/__files/\(emulator.app.appId)/\(key)")
        #expect(try emulator.client(.inProcess, credentials: .none).get(target(of: url)).body == [7])
    }

    /// Unknown paths answer as before: 404 for GET, and no file lookup for other methods.
    @Test func unknownRootPaths_stay404() throws {
        let client = emulator.client(.inProcess, credentials: .none)
        let missing = try client.get("/no/such/file.txt")
        #expect(missing.status == 404)
        #expect(missing.json == ["code": 404, "error": "The requested resource was not found."])
        _ = try upload(key: "posted.bin", [1])
        #expect(try client.send("POST", "/posted.bin", body: [], headers: [:]).status == 404)
    }

    @Test func keepsPath_reservesTheRoutesFirstSegments() {
        #expect(FileURLForm.keepsPath("a/b.png"))
        #expect(!FileURLForm.keepsPath("1.1/x"))
        #expect(!FileURLForm.keepsPath("__files/x"))
        #expect(!FileURLForm.keepsPath("oauth/x"))
        // The reserved segments are exactly the first segments of the route table's patterns.
        let routed = Set(Routes.make().routes.compactMap { $0.pattern.split(separator: "/").first })
        #expect(FileURLForm.reservedFirstSegments == routed)
    }
}
