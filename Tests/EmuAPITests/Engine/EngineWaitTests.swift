import EmuAPI
import EmuHTTP
import EmuTestSupport
import LCWire
import Primitives
import Testing

/// A request waiting on the engine lends its worker's place: an engine that writes back through
/// the API while LCEmu waits for it is served even by a single worker (docs/cloud-code.md).
@Suite struct EngineWaitTests {
    @Test func aFunctionThatWritesBack_isServed_byOneWorker() throws {
        let emulatorPort = Locked(0)
        let engine = try FakeEngine(defines: ["makePost"]) { request in
            guard request.path == "/1.1/functions/makePost" else { return nil }
            let client = try? BlockingHTTPClient(host: "127.0.0.1", port: emulatorPort.current, timeout: 10)
            let saved = try? client?.request("POST", "/1.1/classes/Post", headers: [
                "X-LC-Id": AppConfiguration.development.appId, "X-LC-Key": AppConfiguration.development.appKey,
                "Content-Type": "application/json",
            ], body: Array(#"{"title":"from the engine"}"#.utf8))
            return FakeEngine.json(200, ["result": JSON(saved?.status ?? 0)])
        }
        let emulator = try TestServer.start { configuration in
            configuration.workerCount = 1
            configuration.apps[0].hookKey = "test-hook-key"
            configuration.apps[0].engine = try! EngineSettings(url: engine.url, timeoutSeconds: 10)
        }
        emulatorPort.withValue { $0 = emulator.emulator.port }
        let response = try emulator.client().post("/1.1/functions/makePost", json: [:])
        #expect(response.json == ["result": 201])
        let posts = try emulator.client(credentials: .masterKey).get("/1.1/classes/Post").json?["results"]?.arrayValue
        #expect(posts?.first?["title"] == "from the engine")
    }
}
