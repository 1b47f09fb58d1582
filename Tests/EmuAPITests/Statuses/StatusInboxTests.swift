import EmuTestSupport
import EmuAPI
import LCWire
import Testing

/// The inbox: `GET /1.1/subscribe/statuses` and its paging, counts, resetting them, deleting
/// from the inbox and from the source, and who may do each.
@Suite struct StatusInboxTests {
    let fixture: StatusFixture
    init() throws { fixture = try StatusFixture() }

    /// Five private statuses from alice to bob, numbered 1 to 5 in bob's private inbox.
    private func fiveToBob() throws -> [String] {
        try (1...5).map { n in
            try fixture.publish(as: fixture.alice, fixture.privately(to: fixture.bob.objectId, data: ["n": .number(Double(n))]))
        }
    }

    private func numbers(_ extra: String) throws -> [JSON?] {
        try fixture.messages(of: fixture.bob, "private", extra).map { $0["messageId"] }
    }

    @Test func paging_bySinceIdMaxIdLimit_newestFirst() throws {
        _ = try fiveToBob()
        #expect(try numbers("") == [5, 4, 3, 2, 1])
        #expect(try numbers("&sinceId=2") == [5, 4, 3])
        #expect(try numbers("&maxId=3") == [3, 2, 1])
        #expect(try numbers("&sinceId=1&maxId=3") == [3, 2])
        #expect(try numbers("&sinceId=0&maxId=0&limit=2") == [5, 4])
        #expect(try numbers("&order=messageId&limit=2") == [1, 2])
        #expect(try numbers("&limit=500").count == 5)
        #expect(try numbers("&where=" + encoded(#"{"n":{"$gte":4}}"#)) == [5, 4])
        let counted = try fixture.inbox(of: fixture.bob, "private", "&limit=1&count=1").json
        #expect(counted?["count"] == 5)
        #expect(counted?["results"]?.arrayValue?.count == 1)
        let onlyCount = try fixture.inbox(of: fixture.bob, "private", "&limit=0&count=1").json
        #expect(onlyCount == ["results": [], "count": 5])
        let projected = try fixture.messages(of: fixture.bob, "private", "&keys=n&include=source&limit=1").first
        #expect(projected?["n"] == 5)
        #expect(projected?["inboxType"] == nil)
        #expect(projected?["messageId"] == 5)
    }

    @Test func counts_andResettingThem() throws {
        let f = fixture
        _ = try fiveToBob()
        let me = f.session(f.bob)
        let owner = encoded(f.ownerText(f.bob))
        #expect(try me.get("/1.1/subscribe/statuses/count?owner=\(owner)&inboxType=private").json == ["total": 5, "unread": 5])
        #expect(try me.get("/1.1/subscribe/statuses/count?owner=\(owner)").json == ["total": 0, "unread": 0])
        #expect(try me.post("/1.1/subscribe/statuses/resetUnreadCount?owner=\(owner)&inboxType=private").json == [:])
        #expect(try me.get("/1.1/subscribe/statuses/count?owner=\(owner)&inboxType=private").json == ["total": 5, "unread": 0])
        try f.publish(as: f.alice, f.privately(to: f.bob.objectId, data: [:]))
        // The Java SDK sends only the session; the JavaScript SDK posts owner and inboxType.
        #expect(try me.get("/1.1/subscribe/statuses/count?inboxType=private").json == ["total": 6, "unread": 1])
        let body: JSON = ["owner": f.pointer(f.bob), "inboxType": "private"]
        #expect(try me.post("/1.1/subscribe/statuses/resetUnreadCount", json: body).json == [:])
        #expect(try me.get("/1.1/subscribe/statuses/count?inboxType=private").json == ["total": 6, "unread": 0])
    }

    @Test func deletingFromTheInbox_keepsOtherInboxes_andNeverReusesANumber() throws {
        let f = fixture
        try f.follow(f.bob, f.alice)
        try f.follow(f.carol, f.alice)
        try f.publish(as: f.alice, f.toFollowers(of: f.alice, data: ["n": 1]))
        let second = try f.publish(as: f.alice, f.toFollowers(of: f.alice, data: ["n": 2]))
        let owner = encoded(f.ownerText(f.bob))
        let removed = try f.session(f.bob).delete("/1.1/subscribe/statuses/inbox?owner=\(owner)&inboxType=default&messageId=2")
        #expect(removed.json == [:])
        #expect(try f.messages(of: f.bob).map { $0["messageId"] } == [1])
        #expect(try f.messages(of: f.carol).map { $0["objectId"] }.first == .string(second))
        #expect(try f.session(f.bob).get("/1.1/subscribe/statuses/count?owner=\(owner)").json == ["total": 1, "unread": 1])
        try f.publish(as: f.alice, f.toFollowers(of: f.alice, data: ["n": 3]))
        #expect(try f.messages(of: f.bob).map { $0["messageId"] } == [3, 1])
        let missing = try f.session(f.bob).delete("/1.1/subscribe/statuses/inbox?owner=\(owner)&messageId=99")
        #expect(missing.json == [:])
        let noNumber = try f.session(f.bob).delete("/1.1/subscribe/statuses/inbox?owner=\(owner)")
        #expect(noNumber.json?["code"] == 1)
    }

    @Test func deletingTheStatus_onlyItsSource_removesItFromEveryInbox() throws {
        let f = fixture
        try f.follow(f.bob, f.alice)
        let id = try f.publish(as: f.alice, f.toFollowers(of: f.alice, data: ["n": 1]))
        let anonymous = try f.client.delete("/1.1/statuses/\(id)")
        #expect(anonymous.json?["code"] == 206)
        let other = try f.session(f.bob).delete("/1.1/statuses/\(id)")
        #expect(other.status == 403)
        #expect(other.json == ["code": 403, "error": "Forbidden writing by object's ACL."])
        #expect(try f.session(f.alice).delete("/1.1/statuses/\(id)").json == [:])
        #expect(try f.messages(of: f.bob).isEmpty)
        #expect(try f.messages(of: f.alice).isEmpty)
        #expect(try f.client.get("/1.1/statuses").json?["results"]?.arrayValue?.isEmpty == true)
        #expect(try f.session(f.alice).delete("/1.1/statuses/\(id)").json == [:])
        let masters = try f.publish(as: f.alice, f.toFollowers(of: f.alice, data: [:]))
        #expect(try f.master.delete("/1.1/statuses/\(masters)").json == [:])
        // Deleted through the class route, it leaves the inboxes as well.
        let viaClass = try f.publish(as: f.alice, f.toFollowers(of: f.alice, data: [:]))
        #expect(try f.session(f.alice).delete("/1.1/classes/_Status/\(viaClass)").status == 200)
        #expect(try f.messages(of: f.bob).isEmpty)
    }

    /// Batch sub-requests take the same routes: no update, and a delete leaves every inbox.
    @Test func batch_followsTheSameRules() throws {
        let f = fixture
        try f.follow(f.bob, f.alice)
        let id = try f.publish(as: f.alice, f.toFollowers(of: f.alice, data: ["n": 1]))
        let requests: JSON = ["requests": [
            ["method": "PUT", "path": .string("/1.1/classes/_Status/\(id)"), "body": ["n": 2]],
            ["method": "DELETE", "path": .string("/1.1/classes/_Status/\(id)")],
        ]]
        let results = try f.session(f.alice).post("/1.1/batch", json: requests).json?.arrayValue
        #expect(results?.first?["error"]?["code"] == 119)
        #expect(results?.last?["success"] == [:])
        #expect(try f.messages(of: f.bob).isEmpty)
        #expect(try f.session(f.bob).get("/1.1/subscribe/statuses/count").json == ["total": 0, "unread": 0])
    }

    @Test func whoMayReadAnInbox() throws {
        let f = fixture
        let owner = encoded(f.ownerText(f.bob))
        let anonymous = try f.client.get("/1.1/subscribe/statuses?owner=\(owner)")
        #expect(anonymous.status == 403)
        #expect(anonymous.json?["code"] == 206)
        #expect(try f.client.get("/1.1/subscribe/statuses").json?["code"] == 206)
        #expect(try f.session(f.alice).get("/1.1/subscribe/statuses?owner=\(owner)").json?["code"] == 206)
        #expect(try f.session(f.alice).get("/1.1/subscribe/statuses/count?owner=\(owner)").json?["code"] == 206)
        #expect(try f.session(f.alice).delete("/1.1/subscribe/statuses/inbox?owner=\(owner)&messageId=1").json?["code"] == 206)
        #expect(try f.master.get("/1.1/subscribe/statuses?owner=\(owner)").json == ["results": []])
        let noOwner = try f.master.get("/1.1/subscribe/statuses/count")
        #expect(noOwner.status == 400)
        #expect(noOwner.json?["code"] == 1)
        #expect(try f.master.get("/1.1/subscribe/statuses?owner=%7B").json?["code"] == 107)
        #expect(try f.master.get("/1.1/subscribe/statuses?owner=" + encoded(#"{"a":1}"#)).json?["code"] == 1)
        #expect(try f.session(f.bob).get("/1.1/subscribe/statuses?sinceId=x").json?["code"] == 1)
        #expect(try f.session(f.bob).get("/1.1/subscribe/statuses?maxId=-1").json?["code"] == 1)
        #expect(try f.session(f.bob).get("/1.1/subscribe/statuses?where=%7B").json?["code"] == 107)
    }

    @Test func resetAndSnapshots_coverTheInboxes() throws {
        let f = fixture
        _ = try fiveToBob()
        #expect(try f.master.put("/__admin/snapshots/five", json: [:]).status == 200)
        #expect(try f.master.post("/__admin/reset").status == 200)
        #expect(try f.master.get("/1.1/subscribe/statuses?inboxType=private&owner=\(encoded(f.ownerText(f.bob)))").json
            == ["results": []])
        #expect(try f.master.get("/1.1/subscribe/statuses/count?inboxType=private&owner=\(encoded(f.ownerText(f.bob)))").json
            == ["total": 0, "unread": 0])
        #expect(try f.master.post("/__admin/snapshots/five/restore").status == 200)
        #expect(try numbers("") == [5, 4, 3, 2, 1])
    }
}
