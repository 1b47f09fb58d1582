@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// Requests that are well-formed but meet odd state: a session whose user was deleted,
/// pointers to deleted objects, relations to missing classes, a reset under a live session,
/// and query strings through the real HTTP parser. None may crash or answer 500.
@Suite struct StateRobustnessTests {
    @Test func sessionOfADeletedUser_neverGets500() throws {
        let fixture = try RobustnessFixture()
        let session = fixture.clients[2].client
        #expect(try fixture.clients[1].client.delete("/1.1/users/\(fixture.userId)").status == 200)
        for sample in RouteSample.all where !sample.drawsImage {
            let target = sample.target(appId: fixture.appId) { name in
                name == "objectId" ? fixture.userId : RouteSample.ordinary(name)
            }
            let body: [UInt8] = sample.method == "GET" ? [] : Array(#"{"title":"x","password":"p","old_password":"a","new_password":"b"}"#.utf8)
            ResponseShape.check(try fixture.send(session, sample, target, body: body), sample, "deleted user's session")
        }
        let post = try session.get("/1.1/classes/Post/\(fixture.postId)?include=author")
        ResponseShape.check(post, RouteSample(method: "GET", pattern: "/1.1/classes/:className/:objectId"), "include deleted")
        #expect(try fixture.stillAnswers())
    }

    @Test func relationsAndRedirects_toMissingThings_neverGet500() throws {
        let fixture = try RobustnessFixture()
        let master = fixture.clients[1].client
        let ghost: JSON = ["__type": "Pointer", "className": "Ghost", "objectId": "000000000000000000000000"]
        let update = RouteSample(method: "PUT", pattern: "/1.1/classes/:className/:objectId")
        let query = RouteSample(method: "GET", pattern: "/1.1/classes/:className")
        ResponseShape.check(try master.put("/1.1/classes/Post/\(fixture.postId)", json: ["rel": ["__op": "AddRelation", "objects": [ghost]]]), update, "add")
        ResponseShape.check(try master.put("/1.1/classes/Post/\(fixture.postId)", json: ["rel": ["__op": "RemoveRelation", "objects": [ghost, 1]]]), update, "remove")
        let owner: JSON = ["__type": "Pointer", "className": "Post", "objectId": .string(fixture.postId)]
        for key in ["rel", "title", "nothing", "a.b", "%00", ""] {
            let related: JSON = ["$relatedTo": ["object": owner, "key": .string(key)]]
            for className in ["Ghost", "Post", "_User", "_Role"] {
                let response = try master.get("/1.1/classes/\(className)?where=" + QueryString.escape(related.jsonString) + "&redirectClassNameForKey=" + QueryString.escape(key))
                ResponseShape.check(response, query, "\(className) related \(key)")
            }
        }
        #expect(try fixture.stillAnswers())
    }

    @Test func resetUnderALiveSession_thenEveryRoute_neverGets500() throws {
        let fixture = try RobustnessFixture()
        #expect(try fixture.clients[1].client.post("/__admin/reset").status == 200)
        for sample in RouteSample.all where !sample.drawsImage && sample.pattern != "/__admin/reset" {
            let target = sample.target(appId: fixture.appId, value: RouteSample.ordinary)
            for (name, client) in fixture.deepClients {
                ResponseShape.check(try fixture.send(client, sample, target, body: []), sample, "\(name) after reset")
            }
        }
        #expect(try fixture.stillAnswers())
    }

    @Test func junkQueryStrings_throughTheHTTPParser_neverGet500() throws {
        let fixture = try RobustnessFixture()
        let live = fixture.emulator.client(credentials: .masterKey)
        for path in ["/1.1/classes/Post", "/1.1/users/me", "/1.1/cloudQuery", "/1.1/classes/Post/\(fixture.postId)"] {
            let sample = RouteSample(method: "GET", pattern: path)
            for query in BadInput.queries + ["%", "%%41", "a=%zz&b=%4", "&&&", "=", "a==b", "%E0%A4%A", "where=%C0%AF"] {
                ResponseShape.check(try live.get(path + "?" + query), sample, "live ?\(query.prefix(60))")
            }
        }
        #expect(try fixture.stillAnswers())
    }
}
