import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// Friend requests: `POST /1.1/users/friendshipRequests`, then accept or decline.
@Suite struct FriendshipRequestTests {
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

    private func pointer(_ user: SignedUpUser) -> JSON {
        ["__type": "Pointer", "className": "_User", "objectId": .string(user.objectId)]
    }

    private func request(from user: SignedUpUser, to friend: SignedUpUser, _ attributes: JSON? = nil) throws -> TestClient.Response {
        var body: JSONObject = ["user": pointer(user), "friend": pointer(friend)]
        if let attributes { body["friendship"] = attributes }
        return try client.acting(as: user.sessionToken).post("/1.1/users/friendshipRequests", json: .object(body))
    }

    private func followees() throws -> [JSON] {
        try master.get("/1.1/classes/_Followee?order=createdAt").json?["results"]?.arrayValue ?? []
    }

    @Test func accept_makesBothUsersFriends_withEachSidesAttributes() throws {
        let sent = try request(from: alice, to: bob, ["group": "sport"])
        #expect(sent.status == 201)
        #expect(sent.json?.objectValue?.keys == ["objectId", "createdAt"])
        let id = try #require(sent.json?["objectId"]?.stringValue)
        // With attributes, the requester's row exists at once, not yet a friend.
        #expect(try followees().map { $0["friendStatus"] } == [false])
        let pending = try client.acting(as: bob.sessionToken).get("/1.1/classes/_FriendshipRequest?where=" + encoded(#"{"status":"pending"}"#))
        #expect(pending.json?["results"]?.arrayValue?.first?["objectId"] == .string(id))

        let accepted = try client.acting(as: bob.sessionToken).put("/1.1/users/friendshipRequests/\(id)/accept",
                                                                   json: ["friendship": ["group": "nobody"]])
        #expect(accepted.json?.objectValue?.keys == ["updatedAt", "objectId"])
        let rows = try followees()
        #expect(rows.map { $0["friendStatus"] } == [true, true])
        #expect(rows.map { $0["group"] } == ["sport", "nobody"])
        #expect(try master.get("/1.1/classes/_FriendshipRequest/\(id)").json?["status"] == "accepted")
        #expect(try master.get("/1.1/classes/_Follower").json?["results"]?.arrayValue?.count == 2)
    }

    @Test func accept_givesTheRequesterTheRequestsAttributes_evenIfItsRowWasRemoved() throws {
        let id = try #require(try request(from: alice, to: bob, ["group": "sport"]).json?["objectId"]?.stringValue)
        #expect(try client.acting(as: alice.sessionToken).delete("/1.1/users/self/friendship/\(bob.objectId)").status == 200)
        #expect(try client.acting(as: bob.sessionToken).put("/1.1/users/friendshipRequests/\(id)/accept", json: [:]).status == 200)
        let requesters = try master.get("/1.1/users/\(alice.objectId)/followees").json?["results"]?.arrayValue ?? []
        #expect(requesters.map { $0["group"] } == ["sport"])
        #expect(requesters.map { $0["friendStatus"] } == [true])
    }

    @Test func decline_keepsTheRequest_whichOnlyTheFriendMayAcceptLater() throws {
        let id = try #require(try request(from: alice, to: bob).json?["objectId"]?.stringValue)
        #expect(try followees().isEmpty)
        let byRequester = try client.acting(as: alice.sessionToken).put("/1.1/users/friendshipRequests/\(id)/decline", json: [:])
        #expect(byRequester.status == 403)
        #expect(try client.put("/1.1/users/friendshipRequests/\(id)/decline", json: [:]).json?["code"] == 206)
        #expect(try client.acting(as: bob.sessionToken).put("/1.1/users/friendshipRequests/\(id)/decline", json: [:]).status == 200)
        #expect(try request(from: alice, to: bob).json?["code"] == 137)
        #expect(try client.acting(as: bob.sessionToken).put("/1.1/users/friendshipRequests/\(id)/accept", json: [:]).status == 200)
        #expect(try followees().count == 2)
        #expect(try client.acting(as: bob.sessionToken).put("/1.1/users/friendshipRequests/\(id)/decline", json: [:]).json?["code"] == 137)
    }

    @Test func badRequests_areRefusedInTheAPIFormat() throws {
        let me = client.acting(as: alice.sessionToken)
        #expect(try me.post("/1.1/users/friendshipRequests", json: ["friend": pointer(bob)]).json?["code"] == 107)
        #expect(try request(from: alice, to: alice).json?["code"] == 1)
        #expect(try client.acting(as: bob.sessionToken).post("/1.1/users/friendshipRequests",
                                                             json: ["user": pointer(alice), "friend": pointer(bob)]).json?["code"] == 206)
        #expect(try request(from: alice, to: bob, "not an object").json?["code"] == 107)
        #expect(try master.put("/1.1/users/friendshipRequests/nope/accept", json: [:]).json?["code"] == 101)
    }
}
