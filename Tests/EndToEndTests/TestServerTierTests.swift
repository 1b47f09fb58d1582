import EmuTestSupport
import LCWire
import Testing

/// The one harness on every tier: the same start, the same client, the same answer, whether the
/// handler is called directly, over a socket, over TLS, or by the real binary.
@Suite struct TestServerTierTests {
    @Test(arguments: Tier.allCases)
    func everyTier_answersTheSameRequest_throughTheSameClient(tier: Tier) async throws {
        let server = try await TestServer.startAsync(tier)
        let created = try await offThePool { try server.client(credentials: .masterKey).post("/1.1/classes/Note", json: ["text": "hi"]) }
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(created.json?["objectId"]?.stringValue)
        let fetched = try await offThePool { try server.client().get("/1.1/classes/Note/\(id)") }
        #expect(fetched.json?["text"] == "hi")
        #expect((server.port == 0) == (tier == .inProcess))
    }

    @Test func theTLSTier_servesHTTPS_andTellsPlainHTTPToUseIt() throws {
        let server = try TestServer.start(.tls)
        #expect(try server.connect().request("GET", "/1.1/date").status == 200)
        #expect(try server.connectPlain().request("GET", "/1.1/date").status == 400)
    }
}
