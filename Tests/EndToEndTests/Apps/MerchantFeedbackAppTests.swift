import EmuTestSupport
import EmuData
import EmuHTTP
import Foundation
import LCWire
import Testing

/// examples/apps/merchant-feedback as the merchant app uses it (REQUESTS.md): every request with
/// the `uuid` header and a `tick` (query on GET, form on POST), query keys sorted as
/// AFNetworking writes them, `{"code":"0","msg":"成功","data":…}` envelopes with `code` a string,
/// limit/offset paging, and a non-2xx status for every `failure:` block.
@Suite struct MerchantFeedbackAppTests {
    static let app = AppConfiguration(appId: "merchant-feedback-dev", appKey: "merchant-feedback-dev-key",
                                      masterKey: "merchant-feedback-dev-master")
    static let deviceId = "0C4E1F2A-93B7-4C55-9D0E-7A1B2C3D4E5F"
    static let createTime = "^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$"

    /// A GET of the app: its parameters plus `tick`, keys sorted, and the `uuid` header.
    static func get(_ server: TestServer, _ path: String, _ parameters: [String: String] = [:]) throws -> TestClient.Response {
        var all = parameters
        all["tick"] = ExampleApp.tick()
        let query = TestBrowser.formEncoded(all.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        return try server.client(credentials: .none).send("GET", "\(path)?\(query)", headers: ["uuid": deviceId])
    }

    /// A POST of the app: a form of its fields plus `tick`, and the `uuid` header.
    static func post(_ server: TestServer, _ path: String, _ fields: [String: String]) throws -> TestClient.Response {
        var all = fields
        all["tick"] = ExampleApp.tick()
        return try server.client(credentials: .none).send("POST", path, body: ExampleApp.form(all),
                                                          headers: ["uuid": deviceId, "Content-Type": "application/x-www-form-urlencoded"])
    }

    /// The success envelope: 2xx, `code` the string "0", `msg` "成功"; answers `data`.
    static func data(_ response: TestClient.Response) -> JSON? {
        guard (200..<300).contains(response.status), response.json?["code"]?.stringValue == "0",
              response.json?["msg"]?.stringValue == "成功" else { return nil }
        return response.json?["data"]
    }

    /// requestForFeedbackSummary… (and its variant with `type`, which the counts ignore).
    static func summary(_ server: TestServer, type: String? = nil) throws -> (unread: Int?, unreplied: Int?, total: Int?) {
        let response = try get(server, "/merchant/feedback/summary", type.map { ["type": $0] } ?? [:])
        let data = Self.data(response)
        for key in ["unread", "unreplied", "total"] {
            #expect(ExampleApp.isInteger(data?[key]), "\(key): \(response.text)")
        }
        return (data?["unread"]?.intValue, data?["unreplied"]?.intValue, data?["total"]?.intValue)
    }

    /// An item as the list and the detail carry it: integers, a formatted `createTime`, no `tick`.
    static func checkItem(_ item: JSON) {
        for key in ["id", "type", "readStatus", "replyStatus", "dealid", "poiid"] {
            #expect(ExampleApp.isInteger(item[key]), "\(key) in \(item)")
        }
        #expect(item["content"]?.stringValue != nil && item["labelName"]?.stringValue != nil)
        #expect(item["createTime"]?.stringValue?.range(of: createTime, options: .regularExpression) != nil, "\(item)")
        #expect(item["tick"] == nil && item["objectId"] == nil, "\(item)")
    }

    @Test func theSummaryAndTheFeedbackList_withEveryAllValue_andPaging() async throws {
        let server = try await ExampleApp.serve("merchant-feedback")
        // 1. Counts over the seeded feedback: 4 items, 2 unread, 3 unreplied.
        let counts = try Self.summary(server)
        #expect(counts.unread == 2 && counts.unreplied == 3 && counts.total == 4)
        let variant = try Self.summary(server, type: "1")
        #expect(variant.unread == 2 && variant.unreplied == 3 && variant.total == 4)

        // 2. The first page with every "all" value the controller may send.
        let all = try Self.get(server, "/merchant/feedback", ["dealid": "0", "labelName": "", "limit": "10", "offset": "0", "poiid": "0",
                                                              "readStatus": "-1", "replyStatus": "-1", "type": "0"])
        let page = try #require(Self.data(all), "\(all.status) \(all.text)")
        let list = try #require(page["list"]?.arrayValue)
        #expect(list.count == 4 && page["total"]?.intValue == 4 && ExampleApp.isInteger(page["total"]))
        #expect(list.compactMap { $0["id"]?.intValue } == [4, 3, 2, 1])
        list.forEach(Self.checkItem)
        #expect(ExampleApp.writesIntegers(all.text, key: "id") && ExampleApp.writesIntegers(all.text, key: "readStatus"))
        #expect(list.last?["createTime"] == "2026-11-01 16:00:00")

        // Unread only; a page of 2 then the next; past the end: empty, the same total.
        let unread = try #require(Self.data(try Self.get(server, "/merchant/feedback", ["limit": "10", "offset": "0", "readStatus": "0"])))
        #expect(unread["list"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [3, 1] && unread["total"] == 2)
        let first = try #require(Self.data(try Self.get(server, "/merchant/feedback", ["limit": "2", "offset": "0"])))
        let second = try #require(Self.data(try Self.get(server, "/merchant/feedback", ["limit": "2", "offset": "2"])))
        #expect(first["list"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [4, 3])
        #expect(second["list"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [2, 1] && second["total"] == 4)
        let past = try #require(Self.data(try Self.get(server, "/merchant/feedback", ["limit": "10", "offset": "10"])))
        #expect(past["list"]?.arrayValue?.isEmpty == true && past["total"] == 4)
        let labelled = try #require(Self.data(try Self.get(server, "/merchant/feedback", ["labelName": "支付", "limit": "10", "offset": "0"])))
        #expect(labelled["list"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [3])

        // One item: `data` is the item itself, no `total`; an unknown id is a non-2xx.
        let item = try Self.get(server, "/merchant/feedback/2")
        let detail = try #require(Self.data(item), "\(item.text)")
        Self.checkItem(detail)
        #expect(detail["reply"] == "Coming in 3.0" && item.json?["total"] == nil && detail["total"] == nil)
        let missing = try Self.get(server, "/merchant/feedback/99")
        #expect(missing.status == 404 && missing.json?["code"] == "1" && missing.json?["msg"] == "失败", "\(missing.text)")
    }

    @Test func aReply_setsReplyStatus_storesNoTick_andTheSummaryFollows() async throws {
        let server = try await ExampleApp.serve("merchant-feedback")
        // 3. Reply to item 1 with a form (content, tick).
        let reply = try Self.post(server, "/merchant/feedback/1/reply", ["content": "Fixed in 2.4.1, thanks!"])
        let replied = try #require(Self.data(reply), "\(reply.status) \(reply.text)")
        #expect(replied["replyStatus"] == 1 && replied["readStatus"] == 1 && replied["reply"] == "Fixed in 2.4.1, thanks!", "\(reply.text)")
        #expect(replied["id"] == 1 && ExampleApp.isInteger(replied["id"]))
        let again = try #require(Self.data(try Self.get(server, "/merchant/feedback/1")))
        Self.checkItem(again)
        #expect(again["replyStatus"] == 1 && again["reply"] == "Fixed in 2.4.1, thanks!")
        // No tick stored: not even through the LeanCloud API, which shows every stored field.
        let stored = try server.client(app: Self.app, credentials: .masterKey).get("/1.1/classes/Feedback/65b000000000000000000001")
        #expect(stored.json?["reply"] == "Fixed in 2.4.1, thanks!" && stored.json?["tick"] == nil, "\(stored.text)")
        let counts = try Self.summary(server)
        #expect(counts.unread == 1 && counts.unreplied == 2 && counts.total == 4)

        // Its failure branches: an unknown id (404), an empty content (400), each the app's envelope.
        let unknown = try Self.post(server, "/merchant/feedback/99/reply", ["content": "Hello"])
        #expect(unknown.status == 404 && unknown.json?["code"] == "1" && unknown.json?["msg"] == "失败", "\(unknown.text)")
        let empty = try Self.post(server, "/merchant/feedback/3/reply", ["content": ""])
        #expect(empty.status == 400 && empty.json?["code"] == "1", "\(empty.text)")
        #expect(try Self.summary(server).unreplied == 2)
    }

    @Test func theNewsListAndDetail_keyedByDocid() async throws {
        let server = try await ExampleApp.serve("merchant-feedback")
        // 4. The list: docid strings, replyCount numbers, ptime formatted, newest first.
        let response = try Self.get(server, "/merchant/news", ["limit": "10", "offset": "0"])
        let page = try #require(Self.data(response), "\(response.text)")
        let list = try #require(page["list"]?.arrayValue)
        #expect(list.compactMap { $0["docid"]?.stringValue } == ["N0003", "N0002", "N0001"] && page["total"] == 3)
        for news in list {
            #expect(ExampleApp.isInteger(news["replyCount"]) && news["title"]?.stringValue != nil && news["digest"]?.stringValue != nil)
            #expect(news["ptime"]?.stringValue?.range(of: Self.createTime, options: .regularExpression) != nil, "\(news)")
        }
        #expect(list.last?["ptime"] == "2026-09-25 10:00:00")
        // `replyCount > 10000` is the "万跟帖" branch: N0002 takes it.
        #expect((list[1]["replyCount"]?.intValue ?? 0) > 10000)

        // 5. The detail: result[docid], at the top level and in data.
        let detail = try Self.get(server, "/merchant/news/N0001")
        #expect(Self.data(detail) != nil, "\(detail.status) \(detail.text)")
        for result in [detail.json, detail.json?["data"]] {
            let news = result?["N0001"]
            #expect(news?["docid"] == "N0001" && news?["body"]?.stringValue?.hasPrefix("<p>") == true, "\(detail.text)")
            #expect(ExampleApp.isInteger(news?["replyCount"]))
            #expect(news?["relative_sys"]?.arrayValue?.first?["docid"] == "N0002")
            #expect(news?["keyword_search"]?.arrayValue?.first?["word"] == "营业时间")
        }
        let missing = try Self.get(server, "/merchant/news/N9999")
        #expect(missing.status == 404 && missing.json?["code"] == "1" && missing.json?["msg"] == "失败", "\(missing.text)")
    }

    /// The failure path and the business-error body of the summary, as a test of the app injects them.
    @Test func anOutage_andABusinessError_onTheSummary() async throws {
        let server = try await ExampleApp.serve("merchant-feedback")
        let admin = server.client(app: Self.app, credentials: .masterKey)
        #expect(try admin.post("/__admin/faults", json: ["path": "/merchant/feedback/summary", "status": 503]).status == 200)
        let outage = try Self.get(server, "/merchant/feedback/summary")
        #expect(outage.status == 503 && Self.data(outage) == nil)
        #expect(try admin.post("/__admin/faults", json: ["path": "/merchant/feedback/summary", "status": 200,
                                                         "body": ["code": "1", "msg": "失败"]]).status == 200)
        let business = try Self.get(server, "/merchant/feedback/summary")
        #expect(business.status == 200 && Self.data(business) == nil && business.json?["code"] == "1", "\(business.text)")
        #expect(try Self.summary(server).total == 4)
    }
}
