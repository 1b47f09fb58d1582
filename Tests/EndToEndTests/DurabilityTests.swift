import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// An acknowledged write survives SIGKILL (docs: durable against a crash of the process): API
/// writes, `POST /__admin/reset` (a server-side transaction) and `lcemu import` (another process
/// on the same file).
@Suite struct DurabilityTests {
    func objects(_ className: String, data: String) throws -> [String] {
        let outcome = try RunningBinary.run(["export", "--class", className, "--data", data])
        guard outcome.termination == .exited(0) else { throw BinaryError(outcome.error) }
        let results = try JSONParser.parse(outcome.output)["results"]?.arrayValue ?? []
        return results.compactMap { $0["objectId"]?.stringValue }
    }

    @Test func acknowledgedWrites_surviveSIGKILL() throws {
        let directory = try TemporaryDirectory()
        let data = directory.path("data"), seed = directory.path("seed")
        try FileManager.default.createDirectory(atPath: seed, withIntermediateDirectories: true)
        try directory.write("seed/Post.json", #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"seeded"}]"#)
        let extra = try directory.write("Extra.json", #"[{"objectId":"65a1f0c0e4b0a1d2c3f50009","note":"imported"}]"#)

        // 1. A server seeds the fresh database; an import writes beside it; the server is killed.
        let first = try TestServer.start(.binary, arguments: ["--data", data, "--seed", seed])
        #expect(try RunningBinary.run(["import", extra, "--data", data]).termination == .exited(0))
        first.signal(SIGKILL)
        #expect(first.waitForExit(timeout: 10) == .signaled(SIGKILL))
        #expect(try objects("Extra", data: data) == ["65a1f0c0e4b0a1d2c3f50009"])

        // 2. A reset acknowledged with 200 (empties everything, reloads the seed), then SIGKILL.
        let second = try TestServer.start(.binary, arguments: ["--data", data, "--seed", seed])
        let master = TestClient(transport: .live(host: "127.0.0.1", port: second.port), app: .development, credentials: .masterKey)
        #expect(try master.post("/__admin/reset").status == 200)
        second.signal(SIGKILL)
        #expect(second.waitForExit(timeout: 10) == .signaled(SIGKILL))

        let gone = try RunningBinary.run(["export", "--class", "Extra", "--data", data])
        #expect(gone.error == "lcemu: no class 'Extra' in app lcemu-dev-app-id (classes: Post)\n")
        #expect(try objects("Post", data: data) == ["65a1f0c0e4b0a1d2c3f50001"])

        // 3. A restart after the kill serves the recovered database.
        let third = try TestServer.start(.binary, arguments: ["--data", data, "--seed", seed])
        let client = TestClient(transport: .live(host: "127.0.0.1", port: third.port), app: .development, credentials: .appKey)
        #expect(try client.get("/1.1/date").status == 200)
    }

    @Test func acknowledgedObjectWrites_surviveSIGKILL() throws {
        let directory = try TemporaryDirectory()
        let data = directory.path("data")
        let server = try TestServer.start(.binary, arguments: ["--data", data, "--no-seed"])
        let client = server.client()
        var ids: [String] = []
        for n in 0..<20 {
            let created = try client.post("/1.1/classes/Crash", json: ["n": .number(Double(n))])
            #expect(created.status == 201)
            ids.append(try #require(created.json?["objectId"]?.stringValue))
        }
        let updated = try client.put("/1.1/classes/Crash/\(ids[0])", json: ["n": ["__op": "Increment", "amount": 100]])
        #expect(updated.status == 200)
        server.signal(SIGKILL)
        #expect(server.waitForExit(timeout: 10) == .signaled(SIGKILL))

        let restarted = try TestServer.start(.binary, arguments: ["--data", data, "--no-seed"])
        let again = TestClient(transport: .live(host: "127.0.0.1", port: restarted.port), app: .development, credentials: .appKey)
        let count = try again.get("/1.1/classes/Crash?count=1&limit=0").json?["count"]
        #expect(count == 20)
        #expect(try again.get("/1.1/classes/Crash/\(ids[0])").json?["n"] == 100)
    }
}
