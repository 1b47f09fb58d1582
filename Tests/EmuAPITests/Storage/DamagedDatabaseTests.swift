@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import Foundation
import LCWire
import Testing

/// A database file whose pages were overwritten is refused at start, and when it is damaged
/// under a running server, requests say so and `/__admin/health` answers 503 (docs/configuration.md).
@Suite struct DamagedDatabaseTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    private var databaseFile: String { directory.path("\(AppDatabase.fileName(for: AppConfiguration.development.appId)).sqlite3") }

    /// A database holding `Post` objects on many pages, closed cleanly (its WAL checkpointed).
    private func fill() throws {
        let emulator = try TestServer.start { $0.dataDirectory = directory.path }
        let text = String(repeating: "x", count: 2000)
        for _ in 0..<150 {
            #expect(try emulator.inProcessClient().post("/1.1/classes/Post", json: ["text": .string(text)]).status == 201)
        }
        emulator.emulator.shutdown()
    }

    /// Overwrites pages in the middle of the file (those of the objects), as a failing disk would.
    private func damage() throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: databaseFile))
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        handle.write(Data(repeating: 0xA5, count: 8 * 4096))
    }

    @Test func damagedFile_isRefusedAtStart_sayingWhichAndWhatToDo() throws {
        try fill()
        try damage()
        let error = #expect(throws: DamagedDatabaseError.self) { try TestServer.start { $0.dataDirectory = directory.path } }
        let message = error?.description ?? ""
        #expect(message.contains(databaseFile))
        #expect(message.contains("is damaged"))
        #expect(message.contains("restore it from a backup"))
    }

    @Test func soundFile_starts_andIsHealthy() throws {
        try fill()
        let emulator = try TestServer.start { $0.dataDirectory = directory.path }
        let health = try emulator.client(credentials: .none).get("/__admin/health")
        #expect(health.status == 200)
        #expect(health.json == ["status": "ok"])
    }

    @Test func damageMetWhileRunning_answers503_andTurnsHealthUnhealthy() throws {
        try fill()
        let emulator = try TestServer.start { $0.dataDirectory = directory.path }
        try damage()
        let found = try emulator.client().get("/1.1/classes/Post?limit=1000")
        #expect(found.status == 503)
        #expect(found.json?["code"] == 1)
        #expect(found.json?["error"]?.stringValue?.contains("database file is damaged") == true)
        let health = try emulator.client(credentials: .none).get("/__admin/health")
        #expect(health.status == 503)
        #expect(health.json?["status"] == "unhealthy")
        #expect(health.json?["error"]?.stringValue?.contains("app \(AppConfiguration.development.appId)") == true)
    }
}
