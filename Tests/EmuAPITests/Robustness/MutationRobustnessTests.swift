import EmuTesting
import LCWire
import Testing
import Primitives

/// A seeded mutation round: plausible bodies and queries, bent at random, sent to random routes
/// as random callers. A failure names the seed and case, so it replays exactly.
@Suite struct MutationRobustnessTests {
    static let seed: UInt64 = 0x1C_E3D0
    static let cases = 600

    /// A body that would pass most handlers' first checks.
    static let template: JSONObject = [
        "title": "post", "likes": 3, "tags": ["a"], "username": "mutant", "password": "secret-pass",
        "email": "m@example.com", "mobilePhoneNumber": "+8618200000000", "where": ["title": "post"],
        "requests": [["method": "POST", "path": "/1.1/classes/Post", "body": ["title": "t"]]],
        "name": "file.txt", "url": "http://example.com/f", "ACL": ["*": ["read": true]],
        "authData": ["weixin": ["uid": "u", "access_token": "t"]], "milliseconds": 1, "ttl": 10,
    ]

    @Test func seededMutations_neverGet500() throws {
        let fixture = try RobustnessFixture()
        var random = SeededRandom(seed: Self.seed)
        let routes = RouteSample.all
        for index in 0..<Self.cases {
            let sample = routes[Int(random.next() % UInt64(routes.count))]
            let (name, client) = fixture.clients[Int(random.next() % UInt64(fixture.clients.count))]
            // Half the time the captures name objects that exist, so writes get past the lookup.
            let existing = random.next() % 2 == 0
            var target = sample.target(appId: fixture.appId) { existing ? fixture.existing($0, in: sample) : RouteSample.ordinary($0) }
            if random.next() % 3 == 0 {
                target += "?" + BadInput.queries[Int(random.next() % UInt64(BadInput.queries.count))]
            }
            let body = Self.mutatedBody(&random)
            let response = try fixture.send(client, sample, target, body: body)
            ResponseShape.check(response, sample, "seed \(Self.seed) case \(index) as \(name)")
        }
        #expect(try fixture.stillAnswers())
    }

    /// The template with a few fields replaced by wrong values, then maybe a few bytes broken.
    static func mutatedBody(_ random: inout SeededRandom) -> [UInt8] {
        var object = template
        let keys = object.map(\.key)
        for _ in 0..<(1 + random.next() % 4) {
            let wrong = BadInput.wrongValues[Int(random.next() % UInt64(BadInput.wrongValues.count))].value
            if random.next() % 4 == 0 {
                object[BadInput.fieldNames[Int(random.next() % UInt64(BadInput.fieldNames.count))]] = wrong
            } else {
                object[keys[Int(random.next() % UInt64(keys.count))]] = wrong
            }
        }
        var bytes = JSON.object(object).serialized()
        switch random.next() % 6 {
        case 0: // flip a byte
            let at = Int(random.next() % UInt64(bytes.count))
            bytes[at] = UInt8(truncatingIfNeeded: random.next())
        case 1: // truncate
            bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
        case 2: // a NUL or an invalid UTF-8 byte inside
            bytes.insert(random.next() % 2 == 0 ? 0x00 : 0xC3, at: Int(random.next() % UInt64(bytes.count)))
        default:
            break
        }
        return bytes
    }
}
