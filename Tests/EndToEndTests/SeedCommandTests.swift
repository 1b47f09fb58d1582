import EmuAPI
import EmuTestSupport
import EmuTesting
import Foundation
import LCWire
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seeds through the real binary (docs/seed.md): several folders merged, what a start says about
/// a seed it loaded or kept, `--reseed`, `POST /__admin/reset`, and what `lcemu import` says
/// about the seed of a new database.
@Suite struct SeedCommandTests {
    let directory: TemporaryDirectory
    var data: String { directory.path("data") }

    init() throws { directory = try TemporaryDirectory() }

    /// A seed folder `name` holding `Post.json` with one post per (objectId suffix, title).
    @discardableResult
    func seed(_ name: String, _ posts: [(String, String)]) throws -> String {
        try FileManager.default.createDirectory(atPath: directory.path(name), withIntermediateDirectories: true)
        let objects = posts.map { #"{"objectId":"65a1f0c0e4b0a1d2c3f5\#($0.0)","title":"\#($0.1)"}"# }
        try directory.write("\(name)/Post.json", "[" + objects.joined(separator: ",") + "]")
        return directory.path(name)
    }

    /// The titles of every Post, in creation order, as the API answers them.
    func titles(_ server: TestServer, app: AppConfiguration? = nil) throws -> [String] {
        let answer = try server.client(app: app, credentials: .masterKey).get("/1.1/classes/Post?order=createdAt")
        return answer.json?["results"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    }

    /// Serves `arguments` until the banner is out; answers the server and its banner's `seed:` lines.
    func serve(_ arguments: [String], environment: [String: String] = [:]) async throws -> (TestServer, [String]) {
        let server = try await TestServer.startAsync(.binary, arguments: arguments, environment: environment)
        let lines = server.standardOutput.text.split(separator: "\n").filter { $0.hasPrefix("  seed:") }.map(String.init)
        return (server, lines)
    }

    func stop(_ server: TestServer) {
        server.signal(SIGTERM)
        #expect(server.waitForExit(timeout: RunningBinary.defaultTimeout) == .exited(0))
    }

    @Test func twoFolders_mergeInOrder_andTheBannerSaysWhatWasLoaded() async throws {
        let first = try seed("one", [("0001", "first")]), second = try seed("two", [("0002", "second")])
        let (server, lines) = try await serve(["--data", data, "--seed", first, "--seed", second])
        #expect(lines == ["  seed:       \(first), \(second) (loaded 2 objects)"])
        #expect(try titles(server) == ["first", "second"])
    }

    @Test func theSeedVariable_isAColonSeparatedList() async throws {
        let first = try seed("one", [("0001", "first")]), second = try seed("two", [("0002", "second")])
        let (server, lines) = try await serve(["--data", ":memory:"], environment: ["LCEMU_SEED": "\(first):\(second)"])
        #expect(lines == ["  seed:       \(first), \(second) (loaded 2 objects)"])
        #expect(try titles(server) == ["first", "second"])
    }

    @Test func oneObjectIdInTwoFolders_exits1_namingBothFiles() async throws {
        let first = try seed("one", [("0001", "first")]), second = try seed("two", [("0001", "again")])
        let outcome = try await RunningBinary.runAsync(["serve", "--port", "0", "--data", data, "--seed", first, "--seed", second])
        #expect(outcome.termination == .exited(1))
        #expect(outcome.error == "lcemu: cannot start: seed file \(second)/Post.json: objectId 65a1f0c0e4b0a1d2c3f50001 "
            + "of Post is also in \(first)/Post.json; an objectId may be seeded once\n")
    }

    @Test func restart_keepsTheData_saysUnchanged_thenChanged_untilReseedOrReset() async throws {
        let folder = try seed("seed", [("0001", "v1")])
        let (first, loaded) = try await serve(["--data", data, "--seed", folder])
        #expect(loaded == ["  seed:       \(folder) (loaded 1 objects)"])
        #expect(try first.client(credentials: .masterKey).post("/1.1/classes/Post", json: ["title": "mine"]).status == 201)
        stop(first)

        let (second, unchanged) = try await serve(["--data", data, "--seed", folder])
        #expect(unchanged == ["  seed:       \(folder) (unchanged; data kept)"])
        #expect(try titles(second) == ["v1", "mine"])
        stop(second)

        // The seed is edited: not loaded, one line says how, the banner names no seed.
        try seed("seed", [("0001", "v2")])
        let (third, changed) = try await serve(["--data", data, "--seed", folder])
        #expect(changed == ["  seed:       none loaded (the seed changed since this database was seeded; data kept)"])
        let line = "lcemu: app lcemu-dev-app-id: the seed changed since this database was seeded (\(folder)); data kept — "
            + "restart with --reseed (LCEMU_RESEED=1), or POST /__admin/reset, to load it"
        #expect(third.standardError.line(containing: "the seed changed", timeout: RunningBinary.defaultTimeout) == line)
        #expect(try titles(third) == ["v1", "mine"])
        // A reset loads the seed this start read, and records it: the next start finds it unchanged.
        #expect(try third.client(credentials: .masterKey).post("/__admin/reset").status == 200)
        #expect(try titles(third) == ["v2"])
        stop(third)
        let (fourth, afterReset) = try await serve(["--data", data, "--seed", folder])
        #expect(afterReset == ["  seed:       \(folder) (unchanged; data kept)"])
        stop(fourth)

        try seed("seed", [("0001", "v3")])
        let (fifth, reseeded) = try await serve(["--data", data, "--seed", folder, "--reseed"])
        #expect(reseeded == ["  seed:       \(folder) (reseeded: the data was replaced by 1 objects)"])
        #expect(try titles(fifth) == ["v3"])
        stop(fifth)
        try seed("seed", [("0001", "v4")])
        let (sixth, byVariable) = try await serve(["--data", data, "--seed", folder], environment: ["LCEMU_RESEED": "1"])
        #expect(byVariable == ["  seed:       \(folder) (reseeded: the data was replaced by 1 objects)"])
        #expect(try titles(sixth) == ["v4"])
    }

    @Test func noSeed_startsEmpty_andLaterASeed_isNotLoadedOverIt() async throws {
        let (first, none) = try await serve(["--data", data, "--no-seed"])
        #expect(none == ["  seed:       none"])
        stop(first)
        let folder = try seed("seed", [("0001", "v1")])
        let (second, changed) = try await serve(["--data", data, "--seed", folder])
        #expect(changed == ["  seed:       none loaded (the seed changed since this database was seeded; data kept)"])
        #expect(try titles(second) == [])
    }

    @Test func importIntoANewDatabase_saysTheSeedWasNotLoaded_andAServeLaterSaysWhy() async throws {
        let folder = try seed("seed", [("0001", "seeded")])
        let file = try directory.write("Post.json", #"[{"objectId":"65a1f0c0e4b0a1d2c3f50009","title":"imported"}]"#)
        let imported = try await RunningBinary.runAsync(["import", file, "--data", data, "--seed", folder])
        #expect(imported.termination == .exited(0))
        #expect(imported.errorLines == [
            "lcemu: imported 1 objects into Post (app lcemu-dev-app-id)",
            "lcemu: app lcemu-dev-app-id: new database: the seed (\(folder)) was not loaded — the import is its data; add --with-seed to load the seed first",
        ])
        // Into the same database again: no word about the seed (it is not new).
        let again = try directory.write("Other.json", #"[{"title":"more"}]"#)
        #expect(try await RunningBinary.runAsync(["import", again, "--data", data, "--seed", folder]).errorLines.count == 1)

        let (server, lines) = try await serve(["--data", data, "--seed", folder])
        #expect(lines == ["  seed:       none (database created by lcemu import \(file))"])
        #expect(try titles(server) == ["imported"])
    }

    @Test func importWithSeed_loadsTheSeedFirst_andAServeLaterFindsItUnchanged() async throws {
        let folder = try seed("seed", [("0001", "seeded")])
        let file = try directory.write("Post.json", #"[{"objectId":"65a1f0c0e4b0a1d2c3f50009","title":"imported"}]"#)
        let imported = try await RunningBinary.runAsync(["import", file, "--data", data, "--seed", folder, "--with-seed"])
        #expect(imported.termination == .exited(0))
        #expect(imported.errorLines == [
            "lcemu: imported 1 objects into Post (app lcemu-dev-app-id)",
            "lcemu: app lcemu-dev-app-id: new database: loaded the seed (\(folder), 1 objects) before the import",
        ])
        let refused = try await RunningBinary.runAsync(["import", file, "--data", data, "--seed", folder, "--with-seed"])
        #expect(refused.termination == .exited(1))
        #expect(refused.error == "lcemu: --with-seed: the database of app lcemu-dev-app-id already has data; the seed loads only into a new database\n")

        let (server, lines) = try await serve(["--data", data, "--seed", folder])
        #expect(lines == ["  seed:       \(folder) (unchanged; data kept)"])
        #expect(try titles(server) == ["seeded", "imported"])
    }

    @Test func importWithSeed_whoseImportFails_leavesTheDatabaseNew() async throws {
        let folder = try seed("seed", [("0001", "seeded")])
        let bad = try directory.write("Post.json", #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"clash"}]"#)
        let failed = try await RunningBinary.runAsync(["import", bad, "--data", data, "--seed", folder, "--with-seed"])
        #expect(failed.termination == .exited(1))
        let (server, lines) = try await serve(["--data", data, "--seed", folder])
        #expect(lines == ["  seed:       \(folder) (loaded 1 objects)"])
        #expect(try titles(server) == ["seeded"])
    }
}

/// The line `lcemu import` adds when it made a new database without the seed, for tests of the
/// import that run with the seed `serve` would find by default.
enum ImportSeedNote {
    static func line(app: String = AppConfiguration.development.appId) -> String {
        let seed = SeedLocator.defaultDirectory() ?? "seed"
        return "lcemu: app \(app): new database: the seed (\(seed)) was not loaded — the import is its data; "
            + "add --with-seed to load the seed first\n"
    }
}
