import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `POST/PUT/DELETE /1.1/users/<id|self>/friendship/<target>` and the `_Follower` / `_Followee`
/// rows they keep in step.
@Suite struct FollowTests {
    let emulator: TestServer
    let client: TestClient
    let alice: SignedUpUser
    let bob: SignedUpUser

    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
        alice = try client.signUp("alice")
        bob = try client.signUp("bob")
    }

    private var master: TestClient { emulator.inProcessClient(credentials: .masterKey) }

    private func rows(_ className: String) throws -> [JSON] {
        try master.get("/1.1/classes/\(className)").json?["results"]?.arrayValue ?? []
    }

    @Test func follow_writesBothRows_withTheAttributes_andUnfollowRemovesThem() throws {
        let me = client.acting(as: alice.sessionToken)
        #expect(try me.post("/1.1/users/self/friendship/\(bob.objectId)", json: ["score": 100]).json == [:])
        let followee = try #require(try rows("_Followee").first)
        #expect(followee["user"]?["objectId"] == .string(alice.objectId))
        #expect(followee["followee"]?["objectId"] == .string(bob.objectId))
        #expect(followee["score"] == 100)
        let follower = try #require(try rows("_Follower").first)
        #expect(follower["user"]?["objectId"] == .string(bob.objectId))
        #expect(follower["follower"]?["objectId"] == .string(alice.objectId))
        #expect(follower["score"] == 100)
        // Following again merges, never duplicates.
        #expect(try me.post("/1.1/users/\(alice.objectId)/friendship/\(bob.objectId)", json: ["rank": 2]).status == 200)
        #expect(try rows("_Followee").count == 1)
        #expect(try rows("_Follower").first?["rank"] == 2)
        #expect(try me.delete("/1.1/users/self/friendship/\(bob.objectId)").json == [:])
        #expect(try rows("_Followee").isEmpty && rows("_Follower").isEmpty)
        let again = try me.delete("/1.1/users/self/friendship/\(bob.objectId)")
        #expect(again.json == ["code": 221, "error": "Friendship not found."])
    }

    /// The Python SDK posts the body `null` (leancloud/user.py, `follow`).
    @Test func follow_acceptsANullBody() throws {
        let me = client.acting(as: alice.sessionToken)
        let response = try me.send("POST", "/1.1/users/\(alice.objectId)/friendship/\(bob.objectId)", body: Array("null".utf8),
                                   headers: ["Content-Type": "application/json"])
        #expect(response.status == 200)
        #expect(try rows("_Follower").count == 1)
    }

    @Test func actingForAnotherUser_needsTheMasterKey() throws {
        let noSession = try client.post("/1.1/users/self/friendship/\(bob.objectId)")
        #expect(noSession.json?["code"] == 206)
        let other = try client.acting(as: bob.sessionToken).post("/1.1/users/\(alice.objectId)/friendship/\(bob.objectId)")
        #expect(other.json?["code"] == 206)
        #expect(try master.post("/1.1/users/\(alice.objectId)/friendship/\(bob.objectId)").status == 200)
        #expect(try master.post("/1.1/users/\(alice.objectId)/friendship/nobody").json?["code"] == 211)
        #expect(try master.post("/1.1/users/\(alice.objectId)/friendship/\(alice.objectId)").json?["code"] == 1)
        #expect(try master.post("/1.1/users/\(alice.objectId)/friendship/\(bob.objectId)", json: ["user": 1]).json?["code"] == 107)
    }

    @Test func lists_areQueriesOfTheirUsersRows() throws {
        let carol = try client.signUp("carol")
        try master.post("/1.1/users/\(alice.objectId)/friendship/\(bob.objectId)")
        try master.post("/1.1/users/\(carol.objectId)/friendship/\(bob.objectId)", json: ["score": 5])
        try master.post("/1.1/users/\(bob.objectId)/friendship/\(alice.objectId)")
        let followers = try master.get("/1.1/users/\(bob.objectId)/followers?include=follower&count=1&order=createdAt")
        let results = try #require(followers.json?["results"]?.arrayValue)
        #expect(results.map { $0["follower"]?["username"] } == ["alice", "carol"])
        #expect(followers.json?["count"] == 2)
        let filtered = try master.get("/1.1/users/\(bob.objectId)/followers?where=" + encoded(#"{"score":5}"#))
        #expect(filtered.json?["results"]?.arrayValue?.count == 1)
        let followees = try client.acting(as: bob.sessionToken).get("/1.1/users/self/followees")
        #expect(followees.json?["results"]?.arrayValue?.first?["followee"]?["objectId"] == .string(alice.objectId))
        let both = try master.get("/1.1/users/\(bob.objectId)/followersAndFollowees?count=1")
        #expect(both.json?["followers"]?.arrayValue?.count == 2)
        #expect(both.json?["followees"]?.arrayValue?.count == 1)
        #expect(both.json?["followers_count"] == 2 && both.json?["followees_count"] == 1)
    }

    /// Rows carry LeanCloud's default friendshipACL: the two users only.
    @Test func rows_areVisibleToTheTwoUsersOnly() throws {
        try master.post("/1.1/users/\(alice.objectId)/friendship/\(bob.objectId)")
        let carol = try client.signUp("carol")
        #expect(try client.acting(as: carol.sessionToken).get("/1.1/users/\(bob.objectId)/followers").json?["results"] == [])
        #expect(try client.acting(as: bob.sessionToken).get("/1.1/users/\(bob.objectId)/followers").json?["results"]?.arrayValue?.count == 1)
    }

    @Test func put_changesTheAttributesOfAnExistingEdge() throws {
        let me = client.acting(as: alice.sessionToken)
        #expect(try me.put("/1.1/users/self/friendship/\(bob.objectId)", json: ["friendship": ["group": "x"]]).json?["code"] == 221)
        try me.post("/1.1/users/self/friendship/\(bob.objectId)")
        #expect(try me.put("/1.1/users/self/friendship/\(bob.objectId)", json: ["friendship": ["group": "x"]]).json == [:])
        #expect(try rows("_Followee").first?["group"] == "x")
        // Flat attributes work for a change too, and `{"friendship":{…}}` for a follow.
        #expect(try me.put("/1.1/users/self/friendship/\(bob.objectId)", json: ["rank": 3]).json == [:])
        #expect(try rows("_Follower").first?["rank"] == 3)
        let carol = try client.signUp("carol")
        try me.post("/1.1/users/self/friendship/\(carol.objectId)", json: ["friendship": ["group": "y"]])
        #expect(try master.get("/1.1/users/\(carol.objectId)/followers").json?["results"]?.arrayValue?.first?["group"] == "y")
    }
}
