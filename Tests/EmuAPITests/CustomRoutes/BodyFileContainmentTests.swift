import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

/// A route's `bodyFile` never reads outside its routes folder: no absolute path, no `..`, no
/// hidden file, no symlink that leads out, checked when the route is defined and at every read.
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
    @Test(arguments: ["/etc/passwd", "OUTSIDE", "SIBLING", "sub/../SIBLING", "escape.txt", ".env", "sub/../.env"])
    func aRouteFile_readingOutsideItsFolder_stopsTheStart(bodyFile: String) throws {
        let written = bodyFile.replacingOccurrences(of: "OUTSIDE", with: outside.path("secret.txt"))
            .replacingOccurrences(of: "SIBLING", with: "../\(outside.url.lastPathComponent)/secret.txt")
        try routes.write("routes.json", route(written))
        #expect {
            _ = try start()
        } throws: { error in
            "\(error)".contains("route 'f': response.bodyFile: ")
        }
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
        for file in ["/etc/passwd", "../\(outside.url.lastPathComponent)/secret.txt", "escape.txt"] {
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
}
