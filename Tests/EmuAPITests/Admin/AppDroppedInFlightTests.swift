import Dispatch
import EmuAPI
import EmuData
import EmuHTTP
import EmuTestSupport
import Foundation
import LCWire
import Primitives
import Testing

/// An app made on demand dropped (`DELETE /__admin/apps/<id>`) while requests to it are in
/// flight (issue 31): the server never crashes, and each such request answers normally or with
/// the clear `410` of a closed app in LeanCloud's error format; never a hang, never a 500, never
/// SQLite's words.
@Suite struct AppDroppedInFlightTests {
    /// A request held by an injected delay when its app is dropped runs on a closed database.
    @Test func aRequestHeldAcrossTheDrop_answersTheClosedAppsError() throws {
        let server = try TestServer.start(.socket)
        let app = try make(on: server)
        let admin = server.client(app: app, credentials: .masterKey)
        #expect(try admin.post("/__admin/faults", json: ["path": "/1.1/classes/Post", "method": "POST", "delayMs": 1000]).status < 300)
        let answer = Locked<TestClient.Response?>(nil)
        let done = DispatchSemaphore(value: 0)
        // A thread of its own, not Dispatch's: the delay's timer runs on Dispatch's few global
        // threads, which a blocking call there could hold.
        Thread {
            answer.withValue { $0 = try? server.client(app: app).post("/1.1/classes/Post", json: ["title": "held"]) }
            done.signal()
        }.start()
        // The fault is taken (so the request is held) once the list is empty.
        #expect(try eventually { try admin.get("/__admin/faults").json?["results"]?.arrayValue?.isEmpty == true })
        #expect(try admin.delete("/__admin/apps/\(app.appId)").status == 200)
        #expect(done.wait(timeout: .now() + 20) == .success)
        let response = try #require(answer.current)
        #expect(response.status == 410)
        #expect(response.json?["code"]?.intValue == 1)
        #expect(response.json?["error"]?.stringValue?.contains("dropped") == true)
        #expect(!response.text.lowercased().contains("sqlite"))
        #expect(try server.client().get("/1.1/date").status == 200)
    }

    /// Four clients writing, querying, signing up and batching while the app is dropped.
    @Test func manyRequestsInFlight_answerNormallyOrClearly_andTheServerCarriesOn() throws {
        let server = try TestServer.start(.socket)
        let app = try make(on: server)
        let answered = Locked<Int>(0)
        let wrong = Locked<[String]>([])
        let finished = DispatchSemaphore(value: 0)
        for worker in 0..<4 {
            Thread {
                defer { finished.signal() }
                let client = server.client(app: app)
                for n in 0..<400 {
                    guard let response = try? Self.request(client, kind: (worker + n) % 5, n: n) else {
                        wrong.withValue { $0.append("worker \(worker): no answer") }
                        return
                    }
                    answered.withValue { $0 += 1 }
                    if let problem = Self.problem(in: response) { wrong.withValue { $0.append(problem) } }
                    if response.status == 401 { return }  // the app is gone: later requests are unknown-app ones
                }
            }.start()
        }
        #expect(try eventually { answered.current >= 20 })
        #expect(try server.client(app: app, credentials: .masterKey).delete("/__admin/apps/\(app.appId)").status == 200)
        for _ in 0..<4 { #expect(finished.wait(timeout: .now() + 60) == .success) }
        #expect(wrong.current == [])
        #expect(try server.client().get("/1.1/date").status == 200)
        #expect(try server.client(credentials: .masterKey).get("/__admin/health").status == 200)
    }

    /// The dashboard's event stream of a dropped app ends, rather than stay open on nothing.
    @Test func anEventStreamOfTheApp_endsWhenItIsDropped() throws {
        let server = try TestServer.start(.socket)
        let app = try make(on: server)
        let stream = try server.connect(timeout: 20)
        try stream.send("GET /__admin/events HTTP/1.1\r\nHost: 127.0.0.1\r\nX-LC-Id: \(app.appId)\r\n"
                        + "X-LC-Key: \(app.masterKey),master\r\nX-LCEmu-Dashboard: 1\r\n\r\n")
        #expect(try stream.readStreamHead().status == 200)
        _ = try stream.readStream(through: "\n\n")  // the first state
        #expect(try server.client(app: app, credentials: .masterKey).delete("/__admin/apps/\(app.appId)").status == 200)
        #expect(stream.readsEOF())
    }

    // MARK: - Helpers

    /// One of five kinds of request: a create, a query, a sign-up, a batch, a fetch by id.
    private static func request(_ client: TestClient, kind: Int, n: Int) throws -> TestClient.Response {
        switch kind {
        case 0: return try client.post("/1.1/classes/Post", json: ["n": .number(Double(n))])
        case 1: return try client.get("/1.1/classes/Post?limit=10&where=%7B%22n%22%3A%7B%22%24gte%22%3A0%7D%7D")
        case 2: return try client.post("/1.1/users", json: ["username": .string("user-\(n)-\(kind)"), "password": "secret"])
        case 3:
            let create: JSON = ["method": "POST", "path": "/1.1/classes/Post", "body": ["n": .number(Double(n))]]
            return try client.post("/1.1/batch", json: ["requests": [create, create, create]])
        default: return try client.get("/1.1/classes/Post/0123456789abcdef01234567")
        }
    }

    /// What is wrong with an answer: a status outside normal, 404 (the fetch of a missing id),
    /// 401 (the app gone) and 410 (its database closed under the request), or an error body
    /// that is not LeanCloud's or shows SQLite's words.
    private static func problem(in response: TestClient.Response) -> String? {
        let text = response.text
        guard [200, 201, 401, 404, 410].contains(response.status) else { return "\(response.status): \(text)" }
        if text.lowercased().contains("sqlite") || text.contains("misuse") { return "SQLite leaked: \(text)" }
        if response.status >= 400, response.json?["code"]?.intValue == nil || response.json?["error"] == nil {
            return "not LeanCloud's error format: \(response.status) \(text)"
        }
        // A batch answers 200 with one result per sub-request: each a success or an error of the same kinds.
        for result in response.json?.arrayValue ?? [] {
            if let error = result["error"], let code = error["code"]?.intValue, ![1, 101].contains(code) {
                return "batch sub-request: \(error.jsonString)"
            }
            if let message = result["error"]?["error"]?.stringValue, message.lowercased().contains("sqlite") {
                return "SQLite leaked in a batch: \(message)"
            }
        }
        return nil
    }

    private func make(on server: TestServer) throws -> AppConfiguration {
        let made = try server.client(credentials: .masterKey).post("/__admin/apps", json: [:])
        guard let json = made.json, let id = json["appId"]?.stringValue, let key = json["appKey"]?.stringValue,
              let master = json["masterKey"]?.stringValue else { throw TestSetupError("no app made: \(made.text)") }
        return AppConfiguration(appId: id, appKey: key, masterKey: master)
    }
}
