import EmuTestSupport
import EmuAPI
import LCWire
import Testing

/// The realtime REST API v1 (`/1.1/rtm/…`): sending, history and its paging, broadcasts, and the
/// outbox's account of each message (docs/messages.md).
@Suite struct MessageAPITests {
    let emulator: TestServer
    let master: TestClient

    init() throws {
        emulator = try TestServer.start()
        master = emulator.inProcessClient(credentials: .masterKey)
    }

    private func conversation(_ fields: JSON) throws -> String {
        try #require(try master.post("/1.1/classes/_Conversation", json: fields).json?["objectId"]?.stringValue)
    }

    private func send(_ body: JSON) throws -> TestClient.Response {
        try master.post("/1.1/rtm/messages", json: body)
    }

    private func history(_ query: String) throws -> [JSON] {
        try master.get("/1.1/rtm/messages/history?\(query)").json?.arrayValue ?? []
    }

    @Test func aMessage_isKeptInTheHistory_andDeliveredToTheOtherMembers() throws {
        let conv = try conversation(["name": "chat", "m": ["foo", "bar", "baz"]])
        let sent = try send(["from_peer": "foo", "conv_id": .string(conv), "message": "what the hell", "transient": false])
        #expect(sent.status == 200 && sent.json == [:])
        let messages = try history("convid=\(conv)&limit=1000&reversed=False")
        #expect(messages.count == 1)
        let message = try #require(messages.first)
        #expect(message["conv-id"] == .string(conv) && message["to"] == .string(conv))
        #expect(message["data"] == "what the hell" && message["from"] == "foo")
        #expect(message["is-conv"] == true && message["is-room"] == false && message["bin"] == false)
        #expect(message["msg-id"]?.stringValue?.isEmpty == false)
        #expect(message["timestamp"]?.int64Value != nil)
        let outbox = try #require(try master.get("/__admin/outbox?kind=message").json?["results"]?[0])
        #expect(outbox["to"] == .string(conv) && outbox["text"] == "what the hell" && outbox["purpose"] == "message")
        #expect(outbox["message"]?["recipients"] == ["bar", "baz"])
        #expect(outbox["message"]?["msg-id"] == message["msg-id"])
        // `lm`: the conversation's last message time, a Date.
        let lm = try master.get("/1.1/classes/_Conversation/\(conv)").json?["lm"]
        #expect(lm?["__type"] == "Date" && lm?["iso"]?.stringValue != nil)
    }

    @Test func history_pagesByTime_client_andDirection() throws {
        let conv = try conversation(["name": "chat", "m": ["a", "b"]])
        let other = try conversation(["name": "other"])
        for (index, from) in ["a", "b", "a"].enumerated() {
            #expect(try send(["from_peer": .string(from), "conv_id": .string(conv), "message": .string("m\(index)")]).status == 200)
            #expect(try master.post("/__admin/clock", json: ["advance": "1s"]).status == 200)
        }
        #expect(try send(["from_peer": "a", "conv_id": .string(other), "message": "elsewhere"]).status == 200)
        #expect(try history("convid=\(conv)").map { $0["data"] } == ["m2", "m1", "m0"])
        #expect(try history("convid=\(conv)&reversed=true").map { $0["data"] } == ["m0", "m1", "m2"])
        #expect(try history("convid=\(conv)&limit=1").map { $0["data"] } == ["m2"])
        let newest = try #require(try history("convid=\(conv)").first)
        let older = try history("convid=\(conv)&max_ts=\(newest["timestamp"]!.int64Value!)")
        #expect(older.map { $0["data"] } == ["m1", "m0"])
        #expect(try history("from=a").map { $0["data"] } == ["elsewhere", "m2", "m0"])
        #expect(try history("").count == 4)
    }

    @Test func transientMessages_areDeliveredButNotKept_andRoomsSayIsRoom() throws {
        let room = try conversation(["name": "room", "tr": true, "m": ["a"]])
        #expect(try send(["from_peer": "a", "conv_id": .string(room), "message": "hi", "transient": true]).status == 200)
        #expect(try history("convid=\(room)").isEmpty)
        #expect(try send(["from_peer": "a", "conv_id": .string(room), "message": ["k": 1]]).status == 200)
        let kept = try history("convid=\(room)")
        #expect(kept.first?["is-room"] == true && kept.first?["data"] == #"{"k":1}"#)
        let outbox = try master.get("/__admin/outbox?kind=message").json?["results"]?.arrayValue ?? []
        #expect(outbox.map { $0["message"]?["transient"] } == [false, true])
    }

    @Test func systemConversations_honourToPeers_andBroadcast() throws {
        let system = try conversation(["name": "notices", "sys": true])
        #expect(try send(["from_peer": "system", "conv_id": .string(system), "message": "for you", "to_peers": ["u1", "u2"]]).status == 200)
        let sent = try #require(try master.get("/__admin/outbox?kind=message").json?["results"]?[0])
        #expect(sent["message"]?["recipients"] == ["u1", "u2"] && sent["message"]?["system"] == true)
        let broadcast = try master.post("/1.1/rtm/broadcast", json: ["from_peer": "system", "conv_id": .string(system),
                                                                      "message": #"{"b":2}"#, "valid_till": "2030-01-01T00:00:00.000Z"])
        #expect(broadcast.status == 200 && broadcast.json == [:])
        let last = try #require(try master.get("/__admin/outbox?kind=message").json?["results"]?[0])
        #expect(last["purpose"] == "broadcast" && last["message"]?["recipients"] == ["*"])
        #expect(try history("convid=\(system)").count == 1)
        let plain = try conversation(["name": "plain"])
        #expect(try master.post("/1.1/rtm/broadcast", json: ["from_peer": "s", "conv_id": .string(plain), "message": "x"]).json?["code"] == 1)
    }

    @Test func badRequests_andTheAppKey_areRefused() throws {
        let conv = try conversation(["name": "chat"])
        let cases: [JSON] = [
            ["conv_id": .string(conv), "message": "x"],
            ["from_peer": "a", "message": "x"],
            ["from_peer": "a", "conv_id": .string(conv)],
            ["from_peer": "a", "conv_id": .string(conv), "message": 5],
            ["from_peer": "a", "conv_id": .string(conv), "message": "x", "transient": "yes"],
            ["from_peer": "a", "conv_id": .string(conv), "message": "x", "to_peers": "b"],
            ["from_peer": "a", "conv_id": "0123456789abcdef01234567", "message": "x"],
        ]
        for body in cases {
            let response = try send(body)
            #expect(response.status == 400 && response.json?["code"] == 1, "\(body)")
        }
        #expect(try master.get("/1.1/rtm/messages/history?limit=0").json?["code"] == 1)
        #expect(try master.get("/1.1/rtm/messages/history?max_ts=soon").json?["code"] == 1)
        let app = emulator.inProcessClient()
        #expect(try app.post("/1.1/rtm/messages", json: ["from_peer": "a", "conv_id": .string(conv), "message": "x"]).status == 401)
        #expect(try app.get("/1.1/rtm/messages/history").status == 401)
        #expect(try master.get("/__admin/outbox?kind=message").json?["results"] == [])
    }

    @Test func reset_emptiesTheHistory() throws {
        let conv = try conversation(["name": "chat"])
        #expect(try send(["from_peer": "a", "conv_id": .string(conv), "message": "x"]).status == 200)
        #expect(try master.post("/__admin/reset").status == 200)
        #expect(try history("").isEmpty)
    }
}
