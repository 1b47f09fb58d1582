@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import Foundation
import Testing

/// The data directory and the databases LCEmu creates hold password hashes and session tokens:
/// they are their owner's only (docs/security.md), and a directory that exists keeps its mode.
@Suite struct DataDirectoryPrivacyTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    private func mode(of path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test func aNewDataDirectory_andItsDatabase_areTheOwnersOnly() throws {
        let data = directory.path("fresh/data")
        let emulator = try TestServer.start { $0.dataDirectory = data }
        defer { emulator.emulator.shutdown() }
        #expect(try emulator.inProcessClient().post("/1.1/classes/Post", json: ["title": "x"]).status == 201)
        #expect(try mode(of: data) == 0o700)
        let database = (data as NSString).appendingPathComponent("\(AppDatabase.fileName(for: AppConfiguration.development.appId)).sqlite3")
        for file in [database, database + "-wal"] where FileManager.default.fileExists(atPath: file) {
            #expect(try mode(of: file) == 0o600, "\(file)")
        }
    }

    @Test func anExistingDirectory_keepsTheModeItsOwnerChose() throws {
        let data = directory.path("shared")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o750])
        let emulator = try TestServer.start { $0.dataDirectory = data }
        emulator.emulator.shutdown()
        #expect(try mode(of: data) == 0o750)
    }
}
