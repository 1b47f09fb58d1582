import EmuTestSupport
import EmuAPI
import LCWire
import Testing

/// Three users and the requests the status tests repeat: publishing as the SDKs do, reading
/// inboxes with the owner's session.
struct StatusFixture {
    let emulator: TestServer
    let client: TestClient
    let alice: SignedUpUser
    let bob: SignedUpUser
    let carol: SignedUpUser

    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
        alice = try client.signUp("alice")
        bob = try client.signUp("bob")
        carol = try client.signUp("carol")
    }

    var master: TestClient { emulator.inProcessClient(credentials: .masterKey) }

    func session(_ user: SignedUpUser) -> TestClient { client.acting(as: user.sessionToken) }

    /// `follower` follows `user`.
    func follow(_ follower: SignedUpUser, _ user: SignedUpUser) throws {
        #expect(try session(follower).post("/1.1/users/self/friendship/\(user.objectId)").status == 200)
    }

    /// The body the Python SDK's `Status.send_to_followers` posts (leancloud/status.py).
    func toFollowers(of user: SignedUpUser, data: JSONObject) -> JSON {
        [
            "inboxType": "default", "data": .object(data), "source": pointer(user),
            "query": ["className": "_Follower", "keys": "follower", "where": ["user": pointer(user)]],
        ]
    }

    /// The body of `send_private_status`: a `_User` query on the target's objectId.
    func privately(to userId: String, data: JSONObject) -> JSON {
        ["inboxType": "private", "data": .object(data), "query": ["className": "_User", "where": ["objectId": .string(userId)]]]
    }

    /// Publishes as `user`; fails unless the answer is 201. Returns the status's objectId.
    @discardableResult
    func publish(as user: SignedUpUser, _ body: JSON, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let response = try session(user).post("/1.1/statuses", json: body)
        #expect(response.status == 201, "\(response.text)", sourceLocation: sourceLocation)
        return try #require(response.json?["objectId"]?.stringValue, sourceLocation: sourceLocation)
    }

    /// `GET /1.1/subscribe/statuses` as `user` for their own inbox, with extra query text.
    func inbox(of user: SignedUpUser, _ type: String = "default", _ extra: String = "") throws -> TestClient.Response {
        try session(user).get("/1.1/subscribe/statuses?owner=\(encoded(ownerText(user)))&inboxType=\(type)\(extra)")
    }

    /// The messageIds and statuses of `user`'s inbox, in the order answered.
    func messages(of user: SignedUpUser, _ type: String = "default", _ extra: String = "") throws -> [JSON] {
        try inbox(of: user, type, extra).json?["results"]?.arrayValue ?? []
    }

    func ownerText(_ user: SignedUpUser) -> String {
        #"{"__type":"Pointer","className":"_User","objectId":"\#(user.objectId)"}"#
    }

    func pointer(_ user: SignedUpUser) -> JSON {
        ["__type": "Pointer", "className": "_User", "objectId": .string(user.objectId)]
    }
}
