import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

/// A route's `bodyFile` never reads outside its routes folder: no absolute path, no `..`, no
/// hidden file, no symlink that leads out, no database or data-directory file, checked when the
/// route is defined and at every read.
@Suite struct BodyFileContainmentTests {
    let outside: TemporaryDirectory
    let routes: TemporaryDirectory

    init() throws {
        outside = try TemporaryDirectory()
        routes = try TemporaryDirectory()
        try outside.write("secret.txt", "the host's secret")
        try routes.write("hello.txt", "hi there")
        try FileManager.default.createDirectory(atPath: routes.path("sub"), withIntermediateDirectories: true)
        try routes.write("sub/inner.txt", "inner")
        try routes.write(".env", "API_KEY=hidden")
        try FileManager.default.createSymbolicLink(atPath: routes.path("escape.txt"), withDestinationPath: outside.path("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: routes.path("alias.txt"), withDestinationPath: "hello.txt")
    }

    func route(_ bodyFile: String) -> String {
        #"[{"id":"f","request":{"path":"/f"},"response":{"bodyFile":"\#(bodyFile)"}}]"#
    }

    func start() throws -> TestServer { try TestServer.start { $0.routesPath = routes.path } }

    /// `OUTSIDE`: the other folder, absolute; `SIBLING`: the same, from the routes folder by `..`.
    /// Each refused for its own reason, which the start's error names.
    @Test(arguments: [
        ("/etc/passwd", "must be a path relative"), ("OUTSIDE", "must be a path relative"),
        ("SIBLING", "no '..'"), ("sub/../SIBLING", "no '..'"), ("sub/../.env", "no '..'"),
        ("escape.txt", "leads outside"), (".env", "hidden"), (".lcemu/lcemu-dev-app-id.sqlite3", "hidden"),
        ("missing.txt", "no file 'missing.txt' in the routes folder"), ("sub", "is not a regular file"),
        ("copy.sqlite3", "is a database"), ("journal.sqlite3-wal", "is a database"), ("old.DB", "is a database"),
        ("alias.sqlite3", "is a database"), ("to-db.txt", "is a database"),
    ])
    func aRouteFile_readingOutsideItsFolder_stopsTheStart(bodyFile: String, reason: String) throws {
        let written = bodyFile.replacingOccurrences(of: "OUTSIDE", with: outside.path("secret.txt"))
            .replacingOccurrences(of: "SIBLING", with: "../\(outside.url.lastPathComponent)/secret.txt")
        try FileManager.default.createDirectory(atPath: routes.path(".lcemu"), withIntermediateDirectories: true)
        for database in [".lcemu/lcemu-dev-app-id.sqlite3", "copy.sqlite3", "journal.sqlite3-wal", "old.DB"] {
            try routes.write(database, "SQLite format 3")
        }
        // A database under another name, and another name for a database.
        try FileManager.default.createSymbolicLink(atPath: routes.path("alias.sqlite3"), withDestinationPath: "hello.txt")
        try FileManager.default.createSymbolicLink(atPath: routes.path("to-db.txt"), withDestinationPath: "copy.sqlite3")
        try routes.write("routes.json", route(written))
        #expect {
            _ = try start()
        } throws: { error in
            "\(error)".contains("route 'f': response.bodyFile: ") && "\(error)".contains(reason)
        }
    }

    /// `--data` inside the routes folder: none of its files is served, whatever its name.
    @Test func theDataDirectory_isNeverServed_evenInsideTheRoutesFolder() throws {
        try FileManager.default.createDirectory(atPath: routes.path("data"), withIntermediateDirectories: true)
        try routes.write("data/notes.txt", "kept with the data")
        try routes.write("routes.json", route("data/notes.txt"))
        #expect {
            _ = try TestServer.start { $0.routesPath = routes.path; $0.dataDirectory = routes.path("data") }
        } throws: { error in
            "\(error)".contains("inside the data directory")
        }
        // The same folder, served while it is not the data directory.
        #expect(try start().inProcessClient(credentials: .none).get("/f").text == "kept with the data")
    }

    @Test func filesInsideTheFolder_areServed_alsoThroughASymlinkThatStaysInside() throws {
        try routes.write("routes.json", #"""
            [{"id":"a","request":{"path":"/a"},"response":{"bodyFile":"hello.txt"}},
             {"id":"b","request":{"path":"/b"},"response":{"bodyFile":"./sub/inner.txt"}},
             {"id":"c","request":{"path":"/c"},"response":{"bodyFile":"alias.txt"}}]
            """#)
        let device = try start().inProcessClient(credentials: .none)
        #expect(try device.get("/a").text == "hi there")
        #expect(try device.get("/b").text == "inner")
        #expect(try device.get("/c").text == "hi there")
    }

    @Test func aFileSwappedForASymlinkThatLeadsOut_isRefusedAtRead() throws {
        try routes.write("routes.json", route("page.txt"))
        try routes.write("page.txt", "the page")
        let device = try start().inProcessClient(credentials: .none)
        #expect(try device.get("/f").text == "the page")
        try FileManager.default.removeItem(atPath: routes.path("page.txt"))
        try FileManager.default.createSymbolicLink(atPath: routes.path("page.txt"), withDestinationPath: outside.path("secret.txt"))
        let refused = try device.get("/f")
        #expect(refused.status == 500)
        #expect(refused.json?["code"] == 1)
        #expect(refused.json?["error"]?.stringValue?.contains("leads outside the routes folder") == true)
        #expect(!refused.text.contains("secret") && !refused.text.contains(routes.path))
    }

    @Test func overHTTP_aBodyFileIsReadFromTheRoutesFolder_andOnlyThere() throws {
        try routes.write("routes.json", "[]")
        let emulator = try start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        #expect(try admin.post("/__admin/routes", json: ["id": "in", "request": ["path": "/in"], "response": ["bodyFile": "hello.txt"]]).status == 201)
        #expect(try emulator.inProcessClient(credentials: .none).get("/in").text == "hi there")
        try routes.write("copy.sqlite3", "SQLite format 3")
        for file in ["/etc/passwd", "../\(outside.url.lastPathComponent)/secret.txt", "escape.txt", "copy.sqlite3"] {
            let refused = try admin.post("/__admin/routes", json: ["request": ["path": "/out"], "response": ["bodyFile": .string(file)]])
            #expect(refused.status == 400 && refused.json?["code"] == 1, "\(file)")
            #expect(refused.json?["error"]?.stringValue?.contains("response.bodyFile: ") == true, "\(file)")
        }
    }

    @Test func overHTTP_withoutARoutesFolder_noBodyFileIsAccepted() throws {
        let admin = try TestServer.start().inProcessClient(credentials: .masterKey)
        let refused = try admin.post("/__admin/routes", json: ["request": ["path": "/pw"], "response": ["bodyFile": "/etc/passwd"]])
        #expect(refused.status == 400)
        #expect(refused.json?["error"]?.stringValue?.contains("response.bodyFile: this app has no routes folder") == true)
    }

    /// `--routes` naming a file: its folder (often the project, with `--data ./data`) is the file
    /// routes' to read from, never a route added over HTTP with the published master key.
    @Test func overHTTP_withARouteFile_noBodyFileIsAccepted() throws {
        try routes.write("routes.json", route("hello.txt"))
        let emulator = try TestServer.start { $0.routesPath = routes.path("routes.json") }
        #expect(try emulator.inProcessClient(credentials: .none).get("/f").text == "hi there")
        let refused = try emulator.inProcessClient(credentials: .masterKey)
            .post("/__admin/routes", json: ["request": ["path": "/in"], "response": ["bodyFile": "hello.txt"]])
        #expect(refused.status == 400 && refused.json?["code"] == 1)
        #expect(refused.json?["error"]?.stringValue?.contains("only when --routes names a folder") == true)
    }
}
