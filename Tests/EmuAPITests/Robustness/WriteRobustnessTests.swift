import EmuTestSupport
import Foundation
import EmuTesting
import LCWire
import Testing

/// Bad values sent where they reach the write path: updates of objects that exist, batches of
/// junk sub-requests, file bodies, CQL. None may crash or answer 500.
@Suite struct WriteRobustnessTests {
    static let fields = ["title", "likes", "tags", "author", "ACL", "loc", "when", "meta", "meta.inner", "objectId",
                         "createdAt", "username", "password", "authData", "email", "sessionToken", "emailVerified"]

    @Test func wrongValues_inUpdatesOfExistingObjects_neverGet500() throws {
        let fixture = try RobustnessFixture()
        let targets = [("PUT", "/1.1/classes/Post/\(fixture.postId)", RouteSample(method: "PUT", pattern: "/1.1/classes/:className/:objectId")),
                       ("PUT", "/1.1/users/\(fixture.userId)", RouteSample(method: "PUT", pattern: "/1.1/users/:objectId"))]
        for (_, path, sample) in targets {
            for (name, client) in fixture.deepClients {
                for field in Self.fields {
                    for wrong in BadInput.wrongValues {
                        let body = JSON.object([field: wrong.value]).serialized()
                        let response = try fixture.send(client, sample, path + "?new=true&fetchWhenSave=true", body: body)
                        ResponseShape.check(response, sample, "\(name), \(field) = \(wrong.name)")
                    }
                }
            }
        }
        #expect(try fixture.stillAnswers())
    }

    static let subrequests: [JSON] = [
        1, "x", .null, [], ["method": 5], ["method": "GET"], ["path": 5, "method": "GET"],
        ["method": "GET", "path": ""], ["method": "GET", "path": "?"], ["method": "GET", "path": "%%%"],
        ["method": "BREW", "path": "/1.1/classes/Post"], ["method": "POST", "path": "/1.1/batch", "body": ["requests": []]],
        ["method": "POST", "path": "/1.1/classes/Post", "body": 5], ["method": "POST", "path": "/1.1/classes/Post", "body": ["a": ["__op": "x"]]],
        ["method": "PUT", "path": "/1.1/classes/Post/", "body": [:]], ["method": "DELETE", "path": "/1.1/classes/%00/x"],
        ["method": "GET", "path": "/1.1/classes/Post", "params": 5], ["method": "GET", "path": "/1.1/classes/Post", "params": ["where": 5, "limit": ["a"]]],
        ["method": "GET", "path": "/__admin/reset"], ["method": "POST", "path": "/__admin/clock", "body": ["advance": "1d"]],
        ["method": "GET", "path": "/1.1/users/me", "body": "x"], ["method": "POST", "path": "/api/login", "body": ["email": "a"]],
        ["method": "POST", "path": "/1.1/login", "body": ["username": ["a"], "password": 1]],
        ["method": "POST", "path": "/1.1/classes/_User", "body": ["username": "u\u{0}", "password": "p"]],
    ]

    @Test func junkBatchSubRequests_neverGet500() throws {
        let fixture = try RobustnessFixture()
        for pattern in ["/1.1/batch", "/1.1/batch/save"] {
            let sample = RouteSample(method: "POST", pattern: pattern)
            for (name, client) in fixture.deepClients {
                for sub in Self.subrequests {
                    let response = try fixture.send(client, sample, pattern, body: JSON.object(["requests": [sub]]).serialized())
                    ResponseShape.check(response, sample, "\(name), \(sub.jsonString.prefix(60))")
                }
                let all = try fixture.send(client, sample, pattern, body: JSON.object(["requests": .array(Self.subrequests)]).serialized())
                ResponseShape.check(all, sample, "\(name), all")
                let many = JSON.array(Array(repeating: ["method": "GET", "path": "/1.1/classes/Post"], count: 2000))
                ResponseShape.check(try fixture.send(client, sample, pattern, body: JSON.object(["requests": many]).serialized()), sample, "2000")
            }
        }
        #expect(try fixture.stillAnswers())
    }

    static let cql = [
        "", "select", "select * from", "select * from Post where", "select * from Post where title = ?",
        "select * from Post where title in ()", "select * from Post where (((((title = 1", "select * from Post limit -1",
        "select * from Post limit 99999999999999999999", "select * from Post limit 1,2,3", "select count(*) from Post order by",
        "select * from Post where title regexp '('", "select * from Post where loc near geopoint(1e400, 2)",
        "select * from Post where createdAt > date('x')", "select * from Post where author = pointer('_User', 5)",
        "select * from _Unknown%%", "select \u{0} from Post", "select * from Post where a.b.c.d.e = 1 order by -a.b",
        "select * from Post where " + Array(repeating: "title = 'x'", count: 1500).joined(separator: " or "),
        "select * from Post where " + String(repeating: "(", count: 400) + "title = 1" + String(repeating: ")", count: 400),
    ]

    @Test func junkCQL_neverGets500() throws {
        let fixture = try RobustnessFixture()
        let sample = RouteSample(method: "GET", pattern: "/1.1/cloudQuery")
        for cql in Self.cql {
            for pvalues in ["", "&pvalues=%5B1%5D", "&pvalues=%5B%7B%7D%2C%5B%5D%2Cnull%5D", "&pvalues=7"] {
                let target = "/1.1/cloudQuery?cql=" + encoded(cql) + pvalues
                ResponseShape.check(try fixture.clients[1].client.get(target), sample, "\(cql.prefix(60)) \(pvalues)")
            }
        }
        #expect(try fixture.stillAnswers())
    }
}
