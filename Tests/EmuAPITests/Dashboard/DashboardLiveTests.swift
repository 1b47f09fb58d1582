import EmuTestSupport
import EmuAPI
import EmuHTTP
@testable import EmuTools
import Foundation
import EmuTesting
import LCWire
import Testing

/// The dashboard's live state: `GET /__admin/status` (instance, reset generation, what each view
/// follows) and `GET /__admin/events`, the same state as server-sent events whenever it changes
/// (docs/dashboard.md, "Live").
@Suite struct DashboardLiveTests {
    static let watching: HTTPHeaders = [
        "X-LC-Id": AppConfiguration.development.appId, "X-LC-Key": AppConfiguration.development.masterKey + ",master",
        "X-LCEmu-Dashboard": "1"]

    /// Opens an event stream and returns it with its first state.
    static func openEvents(_ emulator: TestServer) throws -> (BlockingHTTPClient, JSON) {
        let stream = try emulator.connect()
        var head = "GET /__admin/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for field in watching { head += "\(field.name): \(field.value)\r\n" }
        try stream.send(head + "\r\n")
        let answer = try stream.readStreamHead()
        #expect(answer.status == 200 && answer.headers["Content-Type"] == ServerSentEvent.contentType)
        return (stream, try nextState(stream))
    }

    /// The next `state` event's data.
    static func nextState(_ stream: BlockingHTTPClient) throws -> JSON {
        var event = ""
        while !event.hasPrefix("event: state\n") { event = try stream.readStream(through: "\n\n") }
        let data = event.split(separator: "\n").filter { $0.hasPrefix("data: ") }.map { $0.dropFirst(6) }.joined(separator: "\n")
        return try JSONParser.parse(Array(data.utf8))
    }

    @Test func status_namesTheInstance_andCountsResets() throws {
        let emulator = try TestServer.start(.inProcess, seeded: true)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let first = try #require(try admin.get("/__admin/status", headers: ["X-LCEmu-Dashboard": "1"]).json)
        #expect(first["instance"]?.stringValue?.count == 12 && first["generation"] == 0)
        #expect(first["startedAt"]?.stringValue?.hasSuffix("Z") == true && first["app"] == .string(emulator.app.appId))
        #expect(first["counts"]?["Post"] == 40 && first["outbox"] == ["lastId": 0, "count": 0])
        #expect(try emulator.inProcessClient().post("/1.1/classes/Post", json: ["title": "one more"]).status == 201)
        #expect(try admin.post("/__admin/reset").status == 200)
        let after = try #require(try admin.get("/__admin/status").json)
        #expect(after["instance"] == first["instance"] && after["generation"] == 1)
        #expect(after["counts"]?["Post"] == 40 && after["data"] != first["data"])
        let other = try TestServer.start(.inProcess, seeded: true)
        let elsewhere = try other.inProcessClient(credentials: .masterKey).get("/__admin/status").json
        #expect(elsewhere?["instance"] != first["instance"])
        #expect(try emulator.inProcessClient().get("/__admin/status").status == 401)
    }

    @Test func status_namesTheVersion_andTheDataDirectory() throws {
        let emulator = try TestServer.start(.inProcess) { $0.version = "9.8.7-test" }
        let state = try #require(try emulator.inProcessClient(credentials: .masterKey).get("/__admin/status").json)
        #expect(state["version"] == "9.8.7-test" && state["dataDirectory"] == ":memory:")
        let unversioned = try TestServer.start(.inProcess)
        #expect(try unversioned.inProcessClient(credentials: .masterKey).get("/__admin/status").json?["version"] == .null)
        #expect(ServerFacts(version: nil, dataDirectory: "data/../lcemu").dataDirectory
            == FileManager.default.currentDirectoryPath + "/lcemu")
        #expect(ServerFacts(version: nil, dataDirectory: "/srv/lcemu").dataDirectory == "/srv/lcemu")
    }

    @Test func events_pushTheState_whenTheAppChangesIt() throws {
        let emulator = try TestServer.start(.socket, seeded: true)
        let (stream, first) = try Self.openEvents(emulator)
        #expect(first["counts"]?["Post"] == 40)
        let app = emulator.client()
        #expect(try app.post("/1.1/classes/Post", json: ["title": "live"]).status == 201)
        var state = try Self.nextState(stream)
        while state["counts"]?["Post"] != 41 { state = try Self.nextState(stream) }
        #expect(state["journal"]?["lastId"] != first["journal"]?["lastId"] && state["instance"] == first["instance"])
        _ = try app.get("/1.1/requestCaptcha")
        while state["outbox"]?["count"] != 1 { state = try Self.nextState(stream) }
        _ = try emulator.client(credentials: .masterKey).post("/__admin/faults", json: ["path": "/1.1/date", "status": 503])
        let faults = state["faults"]
        while state["faults"] == faults { state = try Self.nextState(stream) }
    }

    @Test func aNinthStream_isRefused_andTheEventsAreNotJournaled() throws {
        let emulator = try TestServer.start(.socket, seeded: true)
        let open = try (0..<8).map { _ in try Self.openEvents(emulator).0 }
        let ninth = try emulator.connect().request("GET", "/__admin/events", headers: Self.watching)
        #expect(ninth.status == 503 && (try? JSONParser.parse(ninth.body))?["code"] == 503)
        #expect(open.count == 8)
        let journal = try emulator.client(credentials: .masterKey).get("/__admin/requests", headers: ["X-LCEmu-Dashboard": "1"])
        #expect(journal.json?["results"]?.arrayValue?.isEmpty == true)
    }
}
