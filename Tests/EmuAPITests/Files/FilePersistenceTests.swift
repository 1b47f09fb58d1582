import EmuTestSupport
import EmuTesting
import Foundation
import LCWire
import Testing

@Suite struct FilePersistenceTests {
    @Test func storedFile_survivesARestart_inAFileDatabase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lcemu-files-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bytes: [UInt8] = Array(0...255)
        let url: String, id: String
        do {
            let emulator = try TestServer.start { $0.dataDirectory = directory }
            let created = try emulator.client().send("POST", "/1.1/files/all.bin", body: bytes, headers: ["Content-Type": "application/x-all"])
            url = try #require(created.json?["url"]?.stringValue)
            id = try #require(created.json?["objectId"]?.stringValue)
            emulator.emulator.shutdown()
        }
        let restarted = try TestServer.start { $0.dataDirectory = directory }
        let served = try restarted.client(credentials: .none).get(target(of: url))
        #expect(served.status == 200)
        #expect(served.body == bytes)
        #expect(served.headers["Content-Type"] == "application/x-all")
        #expect(try restarted.client().get("/1.1/files/\(id)").json?["name"] == "all.bin")
    }

    @Test func reset_removesFilesAndTheirBytes() throws {
        let emulator = try TestServer.start()
        let created = try emulator.inProcessClient().send("POST", "/1.1/files/a.txt", body: Array("hi".utf8), headers: ["Content-Type": "text/plain"])
        let url = try #require(created.json?["url"]?.stringValue)
        #expect(try emulator.inProcessClient(credentials: .masterKey).post("/__admin/reset").status == 200)
        #expect(try emulator.inProcessClient(credentials: .none).get(target(of: url)).status == 404)
    }
}
