import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// The journal records the caller of a route with `auth` (its objectId, `caller`) and filters by
/// it (`GET /__admin/requests?caller=<objectId>`); its body filters read multipart bodies as
/// custom routes do (text parts as strings, a file part's `filename`, `contentType`, `size`).
@Suite struct JournalCallerTests {
    static let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"

    static func multipart(_ fields: [(String, String)], file: (name: String, filename: String, bytes: [UInt8])? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        for (name, value) in fields {
            bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        if let file {
            bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\nContent-Type: image/png\r\n\r\n".utf8)
            bytes += file.bytes + Array("\r\n".utf8)
        }
        return bytes + Array("--\(boundary)--\r\n".utf8)
    }

    @Test func aRouteWithAuth_recordsItsCaller_andTheJournalFiltersByIt() throws {
        let emulator = try TestServer.start(seeded: true)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let route: JSON = ["id": "profile", "auth": ["require": "lcSession"], "request": ["path": "/profile"],
                           "response": ["json": ["name": "{{caller.username}}"]]]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        let resource: JSON = ["id": "notes", "resource": ["path": "/notes", "class": "Note", "auth": ["require": "lcSession"]]]
        #expect(try admin.post("/__admin/routes", json: resource).status == 201)
        let other = try emulator.createUser("bob")
        let device = emulator.inProcessClient(credentials: .none)
        let mine = try emulator.sessionToken(forUser: TestServer.seedUserId)
        let bobs = try emulator.sessionToken(forUser: other)
        #expect(try device.get("/profile", headers: ["X-LC-Session": mine]).status == 200)
        #expect(try device.post("/notes", json: ["text": "x"], headers: ["X-LC-Session": mine]).status == 200)
        #expect(try device.get("/profile", headers: ["X-LC-Session": bobs]).status == 200)
        #expect(try device.get("/profile").status == 401)

        func recorded(_ query: String) throws -> [JSON] {
            let response = try admin.get("/__admin/requests?" + query)
            #expect(response.status == 200, "\(query): \(response.text)")
            return response.json?["results"]?.arrayValue ?? []
        }
        let seedUsers = try recorded("caller=\(TestServer.seedUserId)")
        #expect(seedUsers.map { $0["route"] } == ["notes", "profile"])
        #expect(seedUsers.allSatisfy { $0["caller"] == .string(TestServer.seedUserId) })
        #expect(try recorded("caller=\(other)").count == 1)
        #expect(try recorded("caller=\(other)&route=notes").isEmpty)
        // A refusal has no caller; a route without auth neither.
        let refusal = try recorded("route=profile&status=401")
        #expect(refusal.count == 1 && refusal.first?["caller"] == .null)
        #expect(try recorded("caller=0123456789abcdef01234567").isEmpty)
    }

    @Test func theBodyFilters_readMultipartBodies() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let device = emulator.inProcessClient(credentials: .none)
        let headers: HTTPHeaders = ["Content-Type": "multipart/form-data; boundary=\(Self.boundary)"]
        _ = try device.send("POST", "/upload", body: Self.multipart([("title", "cat"), ("n", "3")],
                                                                     file: ("avatar", "cat.png", [0x89, 0x50, 0x4E, 0x47])),
                            headers: headers)
        _ = try device.send("POST", "/upload", body: Self.multipart([("title", "dog"), ("n", "4")]), headers: headers)

        func paths(_ query: String) throws -> [String] {
            let response = try admin.get("/__admin/requests?" + query)
            #expect(response.status == 200, "\(query): \(response.text)")
            return response.json?["results"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
        }
        #expect(try paths("body.title=cat").count == 1)
        #expect(try paths("body.title=dog&body.n=4").count == 1)
        #expect(try paths("body.n=3&body.title=dog").isEmpty)
        #expect(try paths("body.avatar.filename=cat.png&body.avatar.size=4").count == 1)
        #expect(try paths("body.title=bird").isEmpty)
    }
}
