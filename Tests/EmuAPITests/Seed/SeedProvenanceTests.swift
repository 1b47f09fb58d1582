import EmuAPI
import EmuTestSupport
import Foundation
import LCWire
import Testing

/// Several seed folders, their fingerprint, and what a start decides from the database's record
/// (docs/seed.md).
@Suite struct SeedProvenanceTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @discardableResult
    func folder(_ name: String, _ files: [String: String]) throws -> String {
        try FileManager.default.createDirectory(atPath: directory.path(name), withIntermediateDirectories: true)
        for (file, text) in files { try directory.write("\(name)/\(file)", text) }
        return directory.path(name)
    }

    func load(_ folders: [String]) throws -> SeedData { try SeedData.load(directories: folders, now: .now()) }

    @Test func folders_mergeInOrder_oneClassInTwoFolders_holdsBoth() throws {
        let a = try folder("a", ["Post.json": #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"a"}]"#])
        let b = try folder("b", ["Post.json": #"[{"objectId":"65a1f0c0e4b0a1d2c3f50002","title":"b"}]"#,
                                 "Tag.json": #"[{"name":"swift"}]"#])
        let seed = try load([a, b])
        #expect(seed.records.map(\.className) == ["Post", "Post", "Tag"])
        #expect(seed.provenance.origin == .seed)
        #expect(seed.provenance.source == "\(a), \(b)")
    }

    @Test func oneObjectIdTwice_namesBothFiles_orTheOneFile() throws {
        let a = try folder("a", ["Post.json": #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001"}]"#])
        let b = try folder("b", ["Post.json": #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001"}]"#])
        #expect(throws: SeedError.self) { try load([a, b]) }
        do { _ = try load([a, b]) } catch {
            #expect("\(error)" == "seed file \(b)/Post.json: objectId 65a1f0c0e4b0a1d2c3f50001 of Post is also in \(a)/Post.json; an objectId may be seeded once")
        }
        let twice = try folder("c", ["Post.json": #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001"},{"objectId":"65a1f0c0e4b0a1d2c3f50001"}]"#])
        do { _ = try load([twice]) } catch {
            #expect("\(error)" == "seed file \(twice)/Post.json: objectId 65a1f0c0e4b0a1d2c3f50001 appears twice in Post")
        }
        // The same id in two classes is two objects.
        let classes = try folder("d", ["Post.json": #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001"}]"#,
                                       "Tag.json": #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001"}]"#])
        #expect(try load([classes]).records.count == 2)
    }

    @Test func fingerprint_followsTheFiles_notWhereTheFolderIs() throws {
        let files = ["Post.json": #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"a"}]"#]
        let here = try load([folder("here", files)]).provenance
        let moved = try load([folder("elsewhere", files)]).provenance
        #expect(here.isSameSeed(as: moved))
        #expect(here.fingerprint.count == 64)
        let edited = try load([folder("edited", ["Post.json": #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"b"}]"#])]).provenance
        #expect(!here.isSameSeed(as: edited))
        let renamed = try load([folder("renamed", ["Article.json": files["Post.json"]!])]).provenance
        #expect(!here.isSameSeed(as: renamed))
        // The same files split over two folders are another seed (the order of merging changed).
        let one = try load([folder("one", ["A.json": "[]", "B.json": "[]"])]).provenance
        let two = try load([folder("x", ["A.json": "[]"]), folder("y", ["B.json": "[]"])]).provenance
        #expect(!one.isSameSeed(as: two))
        #expect(!SeedProvenance.none.isSameSeed(as: .none))
    }

    @Test func aStart_loadsKeepsOrReseeds_andAResetRecordsTheSeed() throws {
        let data = directory.path("data")
        let v1 = try folder("v1", ["Post.json": #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"v1"}]"#])
        let v2 = try folder("v2", ["Post.json": #"[{"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"v2"}]"#])
        func start(_ seed: String, reseed: Bool = false) throws -> (SeedStart.Outcome, String?) {
            var configuration = EmulatorConfiguration()
            configuration.dataDirectory = data
            configuration.seedDirectories = [seed]
            configuration.reseed = reseed
            configuration.logLevel = .error
            let server = try EmulatorServer(configuration: configuration)
            defer { server.shutdown() }
            let title = try server.app(AppConfiguration.development.appId)?.database.read { db in
                try ObjectStore.fetch(className: "Post", objectId: "65a1f0c0e4b0a1d2c3f50001", in: db)?.fields["title"]?.stringValue
            }
            return (server.seedStarts[0].outcome, title)
        }
        #expect(try start(v1) == (.loaded, "v1"))
        #expect(try start(v1) == (.unchanged, "v1"))
        #expect(try start(v2) == (.changed, "v1"))
        #expect(try start(v2, reseed: true) == (.reseeded, "v2"))
        #expect(try start(v2) == (.unchanged, "v2"))
    }
}
