import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

/// `lcemu import` and `lcemu export` through the real binary.
@Suite struct TransferCommandTests {
    let directory: TemporaryDirectory
    var data: String { directory.path("data") }

    init() throws { directory = try TemporaryDirectory() }

    static let posts = """
        {"results":[
        {"objectId":"65a1f0c0e4b0a1d2c3f50001","title":"one","createdAt":"2024-01-09T08:30:00.000Z","updatedAt":"2024-01-09T08:30:00.000Z","ACL":{"*":{"read":true}}},
        {"objectId":"65a1f0c0e4b0a1d2c3f50002","title":"two","tags":["a"],"createdAt":"2024-01-10T08:30:00.000Z","updatedAt":"2024-01-11T08:30:00.000Z"},
        {"objectId":"65a1f0c0e4b0a1d2c3f50003","title":"three","createdAt":"2024-01-12T08:30:00.000Z","updatedAt":"2024-01-12T08:30:00.000Z"}
        ]}

        """

    @Test func import_thenServe_findsTheObjects_inTheDatabase() async throws {
        let file = try directory.write("Post.json", Self.posts)
        let imported = try await RunningBinary.runAsync(["import", file, "--data", data])
        #expect(imported.termination == .exited(0))
        #expect(imported.error == "lcemu: imported 3 objects into Post (app lcemu-dev-app-id)\n" + ImportSeedNote.line())

        // A server on the imported database starts, and does not seed over the import.
        let seedDirectory = directory.path("seed")
        try FileManager.default.createDirectory(atPath: seedDirectory, withIntermediateDirectories: true)
        try directory.write("seed/Post.json", #"[{"title":"seeded"}]"#)
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", data, "--seed", seedDirectory])
        let store = try AppDataFile(appId: AppConfiguration.development.appId, dataDirectory: data, create: false)
        defer { try? store.close() }
        #expect(try store.exportRecords(className: "Post").map { $0.fields["title"] } == ["one", "two", "three"])
        _ = server
    }

    @Test func export_writesTheFileBack_byteForByte_andRoundTripsIntoAFreshDirectory() async throws {
        let file = try directory.write("in.json", Self.posts)
        #expect(try await RunningBinary.runAsync(["import", "--class", "Post", file, "--data", data]).termination == .exited(0))

        let toStdout = try await RunningBinary.runAsync(["export", "--class", "Post", "--data", data])
        #expect(toStdout.termination == .exited(0))
        #expect(toStdout.error == "lcemu: exported 3 objects of Post (app lcemu-dev-app-id) to standard output\n")
        let exported = directory.path("out.json")
        let toFile = try await RunningBinary.runAsync(["export", "--class", "Post", "--out", exported, "--data", data])
        #expect(toFile.termination == .exited(0))
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text == toStdout.output)
        // An export holds password hashes and session tokens: its owner's only.
        let mode = try FileManager.default.attributesOfItem(atPath: exported)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try JSONParser.parse(text) == JSONParser.parse(Self.posts))

        let fresh = directory.path("fresh")
        #expect(try await RunningBinary.runAsync(["import", "--class", "Post", exported, "--data", fresh]).termination == .exited(0))
        let again = try await RunningBinary.runAsync(["export", "--class", "Post", "--data", fresh])
        #expect(again.output == text)
    }

    @Test func import_ofAnExistingId_failsNamingIt_unlessReplace() async throws {
        let file = try directory.write("Post.json", Self.posts)
        #expect(try await RunningBinary.runAsync(["import", file, "--data", data]).termination == .exited(0))
        let again = try await RunningBinary.runAsync(["import", file, "--data", data])
        #expect(again.termination == .exited(1))
        #expect(again.errorLines.count == 4)
        let first = "lcemu: \(file): object 1 (line 2): objectId 65a1f0c0e4b0a1d2c3f50001 already exists in Post "
            + "(use --replace to overwrite it) (LeanCloud code 137)"
        #expect(again.errorLines.first.map(String.init) == first)
        #expect(again.errorLines.last == "lcemu: \(file): 3 of 3 objects rejected; nothing was imported (--continue-on-error imports the others)")
        let replaced = try await RunningBinary.runAsync(["import", file, "--data", data, "--replace"])
        #expect(replaced.error == "lcemu: imported 3 objects into Post (app lcemu-dev-app-id), 3 of them replaced\n")
    }

    @Test func import_ofABadFile_printsOneLineNamingTheFile() async throws {
        let file = try directory.write("Post.json", #"[{"title":"#)
        let outcome = try await RunningBinary.runAsync(["import", file, "--data", data])
        #expect(outcome.termination == .exited(1))
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.error.hasPrefix("lcemu: \(file): not valid JSON: "))
    }

    @Test func import_ofAWordPressExport_reportsPostsAndSkippedItems() async throws {
        let file = try directory.write("blog.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
              xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:wp="http://wordpress.org/export/1.2/">
            <channel><wp:wxr_version>1.2</wp:wxr_version>
            <item><title>Hello</title><content:encoded><![CDATA[<p>Hi</p>]]></content:encoded>
              <excerpt:encoded>Short</excerpt:encoded><wp:post_type>post</wp:post_type><wp:status>publish</wp:status></item>
            <item><title>About</title><wp:post_type>page</wp:post_type></item>
            </channel></rss>
            """)
        let outcome = try await RunningBinary.runAsync(["import", "--wordpress", file, "--data", data])
        #expect(outcome.termination == .exited(0))
        #expect(outcome.error == "lcemu: imported 1 posts into Post (app lcemu-dev-app-id); skipped 1 items (1 page)\n" + ImportSeedNote.line())
        let exported = try await RunningBinary.runAsync(["export", "--class", "Post", "--data", data])
        let post = try JSONParser.parse(exported.output)["results"]?[0]
        #expect(post?["title"] == "Hello" && post?["body"] == "<p>Hi</p>" && post?["desc"] == "Short")
    }

    @Test func appId_picksTheAppOfAConfigFile() async throws {
        let config = try directory.write("apps.json", """
            {"apps":[{"appId":"blog","appKey":"bk","masterKey":"bm"},{"appId":"shop","appKey":"sk","masterKey":"sm"}]}
            """)
        let file = try directory.write("Item.json", #"[{"name":"lamp"}]"#)
        let outcome = try await RunningBinary.runAsync(["import", file, "--data", data, "--config", config, "--app-id", "shop"])
        #expect(outcome.error == "lcemu: imported 1 objects into Item (app shop)\n" + ImportSeedNote.line(app: "shop"))
        #expect(FileManager.default.fileExists(atPath: directory.path("data/shop.sqlite3")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("data/blog.sqlite3")))
        let unknown = try await RunningBinary.runAsync(["export", "--class", "Item", "--data", data, "--config", config, "--app-id", "nope"])
        #expect(unknown.termination == .exited(64))
        #expect(unknown.error == "lcemu: no app 'nope' in config file \(config) (apps: blog, shop)\n")
    }
}
