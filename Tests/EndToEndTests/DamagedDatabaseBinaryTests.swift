import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

/// The binary with a damaged database file (docs/configuration.md, "When storage fails"):
/// `serve` refuses it at start with one line and status 1; damaged under a running server, the
/// server says so and `lcemu healthcheck` exits 1.
@Suite struct DamagedDatabaseBinaryTests {
    let data: TemporaryDirectory
    init() throws { data = try TemporaryDirectory() }

    private var file: String { data.path("lcemu-dev-app-id.sqlite3") }

    /// 150 objects of 2 KB on many pages, written by an in-process emulator and closed cleanly.
    private func fill() throws {
        let emulator = try TestServer.start { $0.dataDirectory = data.path }
        let text = JSON.string(String(repeating: "x", count: 2000))
        for _ in 0..<150 { _ = try emulator.inProcessClient().post("/1.1/classes/Post", json: ["text": text]) }
        emulator.emulator.shutdown()
    }

    private func damage() throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: file))
        defer { try? handle.close() }
        try handle.seek(toOffset: try handle.seekToEnd() / 2)
        handle.write(Data(repeating: 0xA5, count: 8 * 4096))
    }

    @Test func aDamagedFile_isRefusedAtStart_inOneLine() async throws {
        try fill()
        try damage()
        let outcome = try await RunningBinary.runAsync(["serve", "--port", "0", "--data", data.path, "--no-seed"])
        #expect(outcome.termination == .exited(1), "\(outcome.error)")
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.error.hasPrefix("lcemu: cannot start: database file '\(file)' is damaged ("))
        #expect(outcome.error.hasSuffix("; restore it from a backup, or move it away to start with an empty database\n"))
    }

    @Test func damageUnderARunningServer_makesTheHealthcheckFail() async throws {
        try fill()
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", data.path, "--no-seed"])
        let url = "http://127.0.0.1:\(server.port)"
        #expect(try await RunningBinary.runAsync(["healthcheck", "--url", url]).termination == .exited(0))
        try damage()
        let found = try await RunningBinary.offThePool { try server.client().get("/1.1/classes/Post?limit=1000") }
        #expect(found.status == 503)
        let unhealthy = try await RunningBinary.runAsync(["healthcheck", "--url", url])
        #expect(unhealthy.termination == .exited(1))
        #expect(unhealthy.output.hasPrefix("unhealthy: HTTP 503: app lcemu-dev-app-id: The emulator's database file is damaged"))
    }
}
