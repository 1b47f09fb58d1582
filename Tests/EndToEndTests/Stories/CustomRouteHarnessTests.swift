import EmuTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LCClient
import LCWire
import Testing

/// `EmuTesting` for custom back ends: routes and resources added from a test, a plain
/// URLSession client (as an iOS app's own networking) calling them, and `verify` on the journal.
@Suite struct CustomRouteHarnessTests {
    func form(_ url: URL, _ body: String, headers: [String: String] = [:]) async throws -> (Int, JSON?) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONParser.parse(Array(data)))
    }

    @Test func aRouteAddedFromATest_answersURLSession_andVerifyCountsIt() async throws {
        let emulator = try await Emulator.start()
        try await emulator.routes.add([
            "id": "login", "request": ["method": "POST", "path": "/app/login", "headers": ["uuid": ["present": true]]],
            "response": ["json": ["code": "0", "msg": "成功"]],
        ])
        let url = emulator.baseURL.appendingPathComponent("app/login")
        let (status, body) = try await form(url, "tick=1&username=13812345678", headers: ["uuid": "device-1"])
        #expect(status == 200 && body?["msg"] == "成功")
        try await emulator.journal.verify(.init(method: "POST", path: "/app/login", headers: ["uuid": "device-1"],
                                                body: ["username": "13812345678"]), times: .once)
        try await emulator.journal.verify(.init(route: "login"), times: .exactly(1))
        await #expect(throws: Emulator.VerificationFailure.self) {
            try await emulator.journal.verify(.init(path: "/app/logout"))
        }
        #expect(try await emulator.routes.all().map { $0["source"] } == ["api"])
        try await emulator.routes.remove("login")
        #expect(try await form(url, "tick=1", headers: ["uuid": "d"]).0 == 404)
        try await emulator.journal.verify(.init(path: "/app/login", unmatched: true), times: .once)
    }

    @Test func aResource_andAScenario_fromATest() async throws {
        let emulator = try await Emulator.start()
        try await emulator.routes.addResource(id: "notes", path: "/notes", className: "Note",
                                              envelope: ["code": "0", "data": "{{result}}"])
        try await emulator.routes.add(["id": "flaky", "request": ["path": "/flaky"],
                                       "scenario": ["name": "flaky", "requiredState": "Started", "newState": "up"],
                                       "response": ["status": 503]])
        let notes = emulator.baseURL.appendingPathComponent("notes")
        #expect(try await form(notes, "text=hi").1?["data"]?["text"] == "hi")
        let (data, _) = try await URLSession.shared.data(from: notes)
        #expect(try JSONParser.parse(Array(data))["data"]?.arrayValue?.count == 1)
        #expect(try await emulator.routes.scenarioState("flaky") == "Started")
        _ = try await URLSession.shared.data(from: emulator.baseURL.appendingPathComponent("flaky"))
        #expect(try await emulator.routes.scenarioState("flaky") == "up")
        try await emulator.routes.setScenario("flaky", to: "Started")
        #expect(try await emulator.routes.scenarioState("flaky") == "Started")
    }

    /// `RequestPattern(caller:)`: the journal's `?caller=` from Swift, the requests one logged-in
    /// user's app sent to a route or resource with `auth`.
    @Test func verify_byCaller_countsOneUsersRequests() async throws {
        let emulator = try await Emulator.start()
        try await emulator.routes.add(["id": "profile", "auth": ["require": "lcSession"], "request": ["path": "/profile"],
                                       "response": ["json": ["name": "{{caller.username}}"]]])
        var users: [LCUser] = []
        for name in ["alice", "bob"] {
            users.append(try await LCUser.signUp(username: name, password: "pw-\(name)", in: emulator.makeApplication()))
        }
        let (alice, bob) = (users[0], users[1])
        for (user, times) in [(alice, 2), (bob, 1)] {
            for _ in 0..<times {
                var request = URLRequest(url: emulator.baseURL.appendingPathComponent("profile"))
                let token: String = try #require(user.sessionToken)
                request.setValue(token, forHTTPHeaderField: "X-LC-Session")
                let (data, _) = try await URLSession.shared.data(for: request)
                #expect(try JSONParser.parse(Array(data))["name"] == .string(user.fields["username"]?.stringValue ?? ""))
            }
        }
        try await emulator.journal.verify(.init(route: "profile", caller: alice.objectId), times: .exactly(2))
        try await emulator.journal.verify(.init(path: "/profile", caller: bob.objectId), times: .once)
        #expect(try await emulator.journal.requests(.init(caller: bob.objectId)).allSatisfy { $0["caller"] == .string(bob.objectId) })
        await #expect(throws: Emulator.VerificationFailure.self) {
            try await emulator.journal.verify(.init(caller: "0123456789abcdef01234567"))
        }
    }
}
