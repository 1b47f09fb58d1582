import EmuTestSupport
import EmuAPI
import LCWire
import Testing

/// `POST /1.1/statuses`: to followers, privately, to a query of users; and `_Status` as a class.
@Suite struct StatusPublishTests {
    let fixture: StatusFixture
    init() throws { fixture = try StatusFixture() }

    @Test func toFollowers_reachesEachFollower_andTheSourcesOwnTimeline() throws {
        let f = fixture
        try f.follow(f.bob, f.alice)
        try f.follow(f.carol, f.alice)
        try f.emulator.appRuntime.clock.set(milliseconds: 1_700_000_000_000)
        let response = try f.session(f.alice).post("/1.1/statuses", json: f.toFollowers(of: f.alice, data: ["message": "hello"]))
        #expect(response.status == 201)
        let id = try #require(response.json?["objectId"]?.stringValue)
        #expect(response.json == ["objectId": .string(id), "createdAt": "2023-11-14T22:13:20.000Z"])
        #expect(response.headers["Location"] == "http://localhost/1.1/statuses/\(id)")
        for user in [f.alice, f.bob, f.carol] {
            let messages = try f.messages(of: user)
            #expect(messages.count == 1)
            #expect(messages.first?["objectId"] == .string(id))
            #expect(messages.first?["messageId"] == 1)
            #expect(messages.first?["message"] == "hello")
            #expect(messages.first?["inboxType"] == "default")
            #expect(messages.first?["source"] == f.pointer(f.alice))
            #expect(messages.first?["updatedAt"] == "2023-11-14T22:13:20.000Z")
        }
    }

    /// The JavaScript SDK puts `source` in `data`; with no `query` the followers receive it.
    @Test func withoutAQuery_theSourcesFollowersReceiveIt() throws {
        let f = fixture
        try f.follow(f.bob, f.alice)
        try f.publish(as: f.alice, ["data": ["message": "hi", "source": f.pointer(f.alice)]])
        #expect(try f.messages(of: f.bob).count == 1)
        #expect(try f.messages(of: f.carol).isEmpty)
    }

    @Test func privately_reachesOnlyTheTargetsPrivateInbox() throws {
        let f = fixture
        try f.follow(f.bob, f.alice)
        let id = try f.publish(as: f.alice, f.privately(to: f.bob.objectId, data: ["message": "secret"]))
        #expect(try f.messages(of: f.bob, "private").map { $0["objectId"] } == [.string(id)])
        #expect(try f.messages(of: f.bob).isEmpty)
        #expect(try f.messages(of: f.alice, "private").isEmpty)
        // An unknown target is no error: the status reaches nobody (the Java SDK's own test).
        try f.publish(as: f.alice, f.privately(to: "nobody", data: ["message": "lost"]))
        #expect(try f.messages(of: f.bob, "private").count == 1)
    }

    @Test func toAQueryOfUsers_withACustomInboxType() throws {
        let f = fixture
        #expect(try f.master.put("/1.1/users/\(f.bob.objectId)", json: ["age": 20]).status == 200)
        #expect(try f.master.put("/1.1/users/\(f.carol.objectId)", json: ["age": 30]).status == 200)
        let body: JSON = ["inboxType": "system", "data": ["text": "new website"], "query": ["className": "_User", "where": ["age": 20]]]
        let response = try f.master.post("/1.1/statuses", json: body)
        #expect(response.status == 201)
        #expect(try f.messages(of: f.bob, "system").first?["text"] == "new website")
        #expect(try f.messages(of: f.bob, "system").first?["source"] == nil)
        #expect(try f.messages(of: f.carol, "system").isEmpty)
    }

    /// The target query skips the class's `find` permission (`_User`'s is closed by default), not
    /// the rows' ACLs: a target the publisher could not read receives nothing.
    @Test func targets_areTheRowsThePublisherMayRead() throws {
        let f = fixture
        let member: JSON = ["user": f.pointer(f.carol), "ACL": [f.alice.objectId: ["read": true]]]
        #expect(try f.master.post("/1.1/classes/Member", json: member).status == 201)
        let body: JSON = ["inboxType": "club", "data": [:], "query": ["className": "Member", "keys": "user"]]
        try f.publish(as: f.bob, body)
        #expect(try f.messages(of: f.carol, "club").isEmpty)
        try f.publish(as: f.alice, body)
        #expect(try f.messages(of: f.carol, "club").count == 1)
    }

    @Test func refusals() throws {
        let f = fixture
        let me = f.session(f.alice)
        let anonymous = try f.client.post("/1.1/statuses", json: f.toFollowers(of: f.alice, data: [:]))
        #expect(anonymous.status == 403)
        #expect(anonymous.json?["code"] == 206)
        #expect(try me.post("/1.1/statuses", json: ["data": "text"]).json?["code"] == 1)
        #expect(try me.post("/1.1/statuses", json: ["inboxType": 3]).json?["code"] == 1)
        #expect(try me.post("/1.1/statuses", json: ["query": "x"]).json?["code"] == 1)
        #expect(try me.post("/1.1/statuses", json: ["query": ["className": "1bad"]]).json?["code"] == 103)
        #expect(try me.post("/1.1/statuses", json: ["query": ["className": "_User", "where": 1]]).json?["code"] == 1)
        #expect(try me.post("/1.1/statuses", json: ["query": ["className": "_User", "keys": "a,b"]]).json?["code"] == 1)
        let impostor = try me.post("/1.1/statuses", json: ["source": f.pointer(f.bob)])
        #expect(impostor.status == 403)
        #expect(impostor.json == ["code": 403, "error": "A status's source must be the session's user."])
        #expect(try me.post("/1.1/statuses", json: ["source": "alice"]).json?["code"] == 1)
        #expect(try f.master.post("/1.1/statuses", json: ["data": [:]]).json?["code"] == 1)
        let malformed = try me.send("POST", "/1.1/statuses", body: Array("{".utf8))
        #expect(malformed.json?["code"] == 107)
        #expect(try f.master.get("/1.1/statuses").json?["results"]?.arrayValue?.isEmpty == true)
    }

    @Test func statuses_areQueryableAsAClass() throws {
        let f = fixture
        let id = try f.publish(as: f.alice, f.privately(to: f.bob.objectId, data: ["message": "hi", "likes": 3]))
        let all = try f.client.get("/1.1/statuses").json?["results"]?.arrayValue ?? []
        #expect(all.count == 1)
        #expect(all.first?["objectId"] == .string(id))
        #expect(all.first?["messageId"] == nil)
        #expect(all.first?["inboxType"] == "private")
        let filtered = try f.client.get("/1.1/statuses?where=" + encoded(#"{"likes":{"$gt":5}}"#))
        #expect(filtered.json?["results"]?.arrayValue?.isEmpty == true)
        let one = try f.client.get("/1.1/statuses/\(id)?include=source")
        #expect(one.json?["source"]?["username"] == "alice")
        #expect(one.json?["message"] == "hi")
        #expect(try f.client.get("/1.1/classes/_Status").json?["results"]?.arrayValue?.count == 1)
        // Never updated, not even by its source or the master key.
        let edit = try f.session(f.alice).put("/1.1/classes/_Status/\(id)", json: ["message": "changed"])
        #expect(edit.status == 403)
        #expect(edit.json == ["code": 119, "error": "A status cannot be updated: delete it and publish a new one."])
        #expect(try f.master.put("/1.1/classes/_Status/\(id)", json: ["likes": 4]).json?["code"] == 119)
        #expect(try f.client.get("/1.1/statuses/\(id)").json?["message"] == "hi")
    }
}
