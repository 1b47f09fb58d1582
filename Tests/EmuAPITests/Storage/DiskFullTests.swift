@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// A write that finds the disk full answers a clear 507 and changes nothing; reads keep working
/// and the server stays healthy (docs/configuration.md, "When storage fails"). The disk is made
/// "full" with `PRAGMA max_page_count`, which makes SQLite fail as it does on ENOSPC (SQLITE_FULL).
@Suite struct DiskFullTests {
    let emulator: TestServer

    init() throws { emulator = try TestServer.start(open: TestRoutes.emulator) }

    private func fillTheDisk() throws {
        let database = try #require(emulator.emulator.app(emulator.app.appId)?.database)
        try database.writeWithoutTransaction { db in
            let pages = try db.scalar("PRAGMA page_count")?.int64Value ?? 0
            try db.execute("PRAGMA max_page_count = \(pages + 2)")
        }
    }

    private let big = JSON.string(String(repeating: "x", count: 64 * 1024))

    @Test(arguments: Tier.inProcessAndSocket)
    func createOnAFullDisk_is507_andSavesNothing(tier: Tier) throws {
        try fillTheDisk()
        let client = emulator.client(tier)
        let created = try client.post("/1.1/classes/Post", json: ["text": big])
        #expect(created.status == 507)
        #expect(created.json == ["code": 1, "error": .string(StorageFailure.diskFull.message)])
        #expect(try client.get("/1.1/classes/Post").json == ["results": []])
        #expect(try emulator.client(tier, credentials: .none).get("/__admin/health").status == 200)
    }

    @Test func updateOnAFullDisk_is507_andLeavesTheObjectAsItWas() throws {
        let client = emulator.client(.inProcess)
        let id = try #require(try client.post("/1.1/classes/Post", json: ["text": "small", "n": 1]).json?["objectId"]?.stringValue)
        try fillTheDisk()
        let updated = try client.put("/1.1/classes/Post/\(id)", json: ["text": big, "n": ["__op": "Increment", "amount": 1]])
        #expect(updated.status == 507)
        let stored = try #require(try client.get("/1.1/classes/Post/\(id)").json)
        #expect(stored["text"] == "small")
        #expect(stored["n"] == 1)
    }
}
