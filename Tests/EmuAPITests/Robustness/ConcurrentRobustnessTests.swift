import EmuTestSupport
import Dispatch
import EmuHTTP
import EmuTesting
import LCWire
import Primitives
import Testing

/// The seeded mutation round from several clients at once over real sockets: writes, reads,
/// log-ins and resets interleave on the worker pool. No 500, and the server answers afterwards.
@Suite struct ConcurrentRobustnessTests {
    @Test func parallelMutations_overSockets_neverGet500() throws {
        let fixture = try RobustnessFixture()
        // `/__admin/events` is a server-sent event stream: by design it never ends, so a client
        // that waits for the end of its answer times out (the seeded draw reaches it as soon as
        // the route table grows).
        let routes = RouteSample.all.filter { !$0.drawsImage && $0.pattern != "/__admin/reset" && $0.pattern != "/__admin/events" }
        let credentials: [TestClient.Credentials] = [.appKey, .masterKey]
        let token = fixture.clients[2].client.sessionToken
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { lane in
            var random = SeededRandom(seed: 0xC0FFEE &+ UInt64(lane))
            var client = fixture.emulator.client(credentials: credentials[lane % 2])
            if lane % 3 == 0 { client.sessionToken = token }
            for index in 0..<40 {
                let sample = routes[Int(random.next() % UInt64(routes.count))]
                let target = sample.target(appId: fixture.appId, value: RouteSample.ordinary)
                let body = MutationRobustnessTests.mutatedBody(&random)
                do {
                    let response = try fixture.send(client, sample, target, body: sample.method == "GET" ? [] : body)
                    if response.status == 500 || ResponseShape.problem(response, sample.family) != nil {
                        failures.withValue { $0.append("lane \(lane) case \(index) \(sample) → \(response.status) \(response.text.prefix(200))") }
                    }
                } catch {
                    failures.withValue { $0.append("lane \(lane) case \(index) \(sample): \(error)") }
                }
            }
        }
        #expect(failures.current.isEmpty, "\(failures.current)")
        #expect(try fixture.stillAnswers())
    }

    /// Races on one name or one object: same-name sign-ups, same-key file tokens, wrong
    /// passwords against the throttle, increments and deletes of one object.
    @Test func racesOnOneName_answerConflicts_not500() throws {
        let fixture = try RobustnessFixture()
        let statuses = Locked<[Int]>([])
        let postPath = "/1.1/classes/Post/\(fixture.postId)"
        DispatchQueue.concurrentPerform(iterations: 4) { lane in
            let app = fixture.emulator.client(), master = fixture.emulator.client(credentials: .masterKey)
            let calls: [() throws -> TestClient.Response] = [
                { try app.post("/1.1/users", json: ["username": "racer", "password": "pw"]) },
                { try master.post("/1.1/fileTokens", json: ["name": "a.txt", "key": "same/key.txt"]) },
                { try app.post("/1.1/login", json: ["username": "robust", "password": "wrong"]) },
                { try app.put(postPath, json: ["n": ["__op": "Increment", "amount": 1]]) },
                { lane == 3 ? try master.delete(postPath) : try app.get(postPath) },
            ]
            for call in calls {
                let status = (try? call().status) ?? -1
                statuses.withValue { $0.append(status) }
            }
        }
        #expect(!statuses.current.contains(500) && !statuses.current.contains(-1), "\(statuses.current)")
        #expect(statuses.current.filter { $0 == 201 }.count == 1, "one sign-up wins")
        #expect(try fixture.stillAnswers())
    }
}
