import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LCWire
import Testing

/// docs/custom-backends.md, run: the example route files are the ones shown, the real binary
/// started with them answers every `curl` of the page with the JSON shown under it, and the
/// Swift blocks compile and run.
@Suite struct CustomBackendsDocTests {
    static let document = "docs/custom-backends.md"
    static let examples = DocSnippets.root.appendingPathComponent("docs/examples/custom-backends")

    @Test func theRouteFilesShown_areTheExampleFiles() throws {
        let markdown = try String(contentsOf: DocSnippets.root.appendingPathComponent(Self.document), encoding: .utf8)
        let blocks = DocCurlExamples.blocks(markdown, language: "json").map { $0.joined(separator: "\n") }
        for name in ["login.json", "merchant.json"] {
            let file = try String(contentsOf: Self.examples.appendingPathComponent("routes/\(name)"), encoding: .utf8)
            #expect(blocks.contains(file.trimmingCharacters(in: .newlines)), "routes/\(name) is not shown as it is")
        }
        #expect(markdown.contains("lcemu serve --seed docs/examples/custom-backends/seed --routes docs/examples/custom-backends/routes"))
    }

    @Test func everyCurl_answersTheJSONShown() async throws {
        let data = try TemporaryDirectory()
        let server = try await TestServer.startAsync(.binary, arguments: [
            "--data", data.path, "--seed", Self.examples.appendingPathComponent("seed").path,
            "--routes", Self.examples.appendingPathComponent("routes").path])
        let markdown = try String(contentsOf: DocSnippets.root.appendingPathComponent(Self.document), encoding: .utf8)
        // The five app recipes before it run against their own apps (AppRecipesDocTests).
        let start = try #require(markdown.range(of: "\n## Two smaller recipes\n"))
        let examples = DocCurlExamples.pairs(String(markdown[start.lowerBound...]))
        #expect(examples.count >= 10)
        let client = server.client(credentials: .none)
        for example in examples {
            let response = try await RunningBinary.offThePool { try example.send(with: client) }
            let actual = try #require(response.json, "\(example.command): \(response.text)")
            #expect(DocCurlExamples.matches(actual, shown: example.expected), "\(example.command)\n→ \(response.text)")
        }
    }

    /// Every route the page shows (a ```json block that is a route or an array of them, the five
    /// recipes' included) loads as it is: a key or a placeholder the engine refuses fails here.
    /// Fragments (`"where": {…}`, `"filters": {…}`) and answers are not routes and are skipped.
    @Test func everyRouteShown_loads() throws {
        let markdown = try String(contentsOf: DocSnippets.root.appendingPathComponent(Self.document), encoding: .utf8)
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        var loaded = 0
        for block in DocCurlExamples.blocks(markdown, language: "json") {
            guard let json = try? JSONParser.parse(Array(block.joined(separator: "\n").utf8)) else { continue }
            let routes = (json.arrayValue ?? [json]).filter { $0["id"] != nil && ($0["request"] != nil || $0["resource"] != nil) }
            for route in routes {
                let added = try admin.post("/__admin/routes", json: route)
                #expect(added.status == 201, "\(route["id"] ?? .null): \(added.text)")
                _ = try admin.delete("/__admin/routes/\(route["id"]?.stringValue ?? "")")
                loaded += 1
            }
        }
        #expect(loaded >= 15)
    }

    @Test func theScenarioExample_failsFirst_thenSucceeds() throws {
        let markdown = try String(contentsOf: DocSnippets.root.appendingPathComponent(Self.document), encoding: .utf8)
        let block = try #require(DocCurlExamples.blocks(markdown, language: "json").first { $0.joined().contains("pay-fails") })
        let routes = try #require(try JSONParser.parse(Array(block.joined(separator: "\n").utf8)).arrayValue)
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        for route in routes { #expect(try admin.post("/__admin/routes", json: route).status == 201) }
        let device = emulator.inProcessClient(credentials: .none)
        #expect(try device.post("/pay").status == 503)
        #expect(try device.post("/pay").json?["msg"] == "成功")
        #expect(try admin.get("/__admin/scenarios").json?["results"] == [["name": "pay", "state": "retried"]])
    }

    @Test func theURLSessionBlock_logsIn() async throws {
        let directory = try TemporaryDirectory()
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", directory.path, "--no-seed",
                                                         "--routes", Self.examples.appendingPathComponent("routes").path])
        let port = server.port
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/app/login")!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("6F9619FF-8B86-D011-B42D-00C04FC964FF", forHTTPHeaderField: "uuid")
        request.httpBody = Data("tick=1732406400000&username=13812345678&password=secret123".utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(answer?["msg"] as? String == "成功")
    }

    @Test func theEmuTestingBlock_runs() async throws {
        let emulator = try await Emulator.start()
        try await emulator.routes.add([
            "id": "login", "request": ["method": "POST", "path": "/app/login", "headers": ["uuid": ["present": true]]],
            "response": ["json": ["code": "0", "msg": "成功", "data": ["username": "{{request.body.username}}"]]],
        ])
        try await emulator.routes.addResource(id: "feedback", path: "/feedback", className: "Feedback",
                                              envelope: ["code": "0", "msg": "成功", "data": "{{result}}"])
        try await LoginScreen(server: emulator.baseURL).logIn(phone: "13812345678", deviceId: "device-1")  // the app's code
        try await emulator.journal.verify(.init(method: "POST", path: "/app/login", headers: ["uuid": "device-1"],
                                                body: ["username": "13812345678"]), times: .once)
        try await emulator.journal.verify(.init(path: "/feedback"), times: .never)
    }
}

/// The app code of the EmuTesting example: a log-in screen's request, as an iOS app sends it.
struct LoginScreen {
    let server: URL

    func logIn(phone: String, deviceId: String) async throws {
        var request = URLRequest(url: server.appendingPathComponent("app/login"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue(deviceId, forHTTPHeaderField: "uuid")
        request.httpBody = Data("tick=1732406400000&username=\(phone)&password=secret123".utf8)
        _ = try await URLSession.shared.data(for: request)
    }
}
