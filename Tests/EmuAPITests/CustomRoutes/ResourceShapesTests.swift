import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import Foundation
import Primitives
import LCWire
import Testing

/// Resources of any shape: ids from any field (integers numbered by the store), declared fields
/// under their own names both ways, dates in the app's format, per-operation envelopes and
/// statuses, page numbers as numbers, typed filters with "all" values, a fixed `where`, and
/// nested resources under a parent.
@Suite struct ResourceShapesTests {
    let emulator: TestServer
    let admin: TestClient
    let device: TestClient
    let leanCloud: TestClient


    static let routes: [JSON] = [
        ["id": "pins", "resource": [
            "path": "/pins", "class": "Pin",
            "id": ["field": "pin_id", "type": "integer", "auto": true],
            "fields": ["pin_id": "integer", "raw_text": "string", "like_count": ["type": "integer", "default": 0],
                       "created_at": ["store": "createdAt", "format": "iso"]],
            "order": "pin_id",
            "list": ["envelope": ["pins": "{{result}}", "total": "{{count}}"]],
            "item": ["envelope": ["pin": "{{result}}"]],
            "created": ["envelope": ["pin": "{{result}}"], "status": 201],
            "deleted": ["envelope": ["deleted": "{{result}}"], "status": 202]]],
        ["id": "comments", "resource": [
            "path": "/pins/:pin_id/comments", "class": "Comment",
            "parent": ["capture": "pin_id", "field": "pin_id", "type": "integer", "resource": "pins"],
            "id": ["field": "comment_id", "type": "integer", "auto": true],
            "fields": ["comment_id": "integer", "pin_id": "integer", "text": "string"],
            "order": "comment_id",
            "list": ["envelope": ["comments": "{{result}}"]],
            "created": ["envelope": ["comment": "{{result}}"]]]],
        ["id": "news", "resource": [
            "path": "/news", "class": "News",
            "id": ["field": "docid", "type": "string"],
            "fields": ["docid": "string", "title": "string",
                       "ptime": ["store": "publishedAt", "type": "date", "format": "yyyy-MM-dd HH:mm:ss", "timeZone": "+08:00"]],
            "item": ["envelope": ["data": "{{result}}"]]]],
        ["id": "feedback", "resource": [
            "path": "/feedback", "class": "Feedback",
            "id": ["field": "id", "type": "integer", "auto": true],
            "fields": ["id": "integer", "content": "string", "readStatus": "integer", "replyStatus": "integer"],
            "paging": ["page": "page", "size": "pageSize", "default": 10, "max": 50],
            "filters": ["readStatus": ["type": "integer", "all": ["", "-1"]], "replyStatus": ["all": [-1]],
                        "q": ["field": "content", "op": "contains"], "starts": ["field": "content", "op": "prefix"]],
            "order": "id",
            "list": ["envelope": ["code": 0, "data": ["list": "{{result}}", "page": "{{page}}", "pageSize": "{{pageSize}}",
                                                       "totalPage": "{{totalPage}}", "totalRow": "{{count}}"]]]]],
        ["id": "projects", "resource": [
            "path": "/projects", "class": "Project",
            "where": ["owner": "{{request.headers.x-owner}}"],
            "id": ["field": "id", "type": "integer", "auto": true],
            "fields": ["id": "integer", "name": "string", "owner": "string", "due": ["type": "date", "format": "ms"],
                       "created_at": ["store": "createdAt", "format": "ms"], "updated_at": ["store": "updatedAt", "format": "s"]],
            "order": "id"]],
    ]

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
        leanCloud = emulator.inProcessClient(credentials: .masterKey)
        for route in Self.routes {
            let added = try admin.post("/__admin/routes", json: route)
            #expect(added.status == 201, "\(added.text)")
        }
    }

    func form(_ method: String, _ target: String, _ body: String) throws -> TestClient.Response {
        try device.send(method, target, body: Array(body.utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
    }

    // MARK: ids

    @Test func anIntegerId_fetchesUpdatesAndDeletes_andFormNoiseIsNotStored() throws {
        let created = try form("POST", "/pins", "raw_text=first&tick=1795575662406&like_count=3")
        #expect(created.status == 201)
        let createdAt = try #require(created.json?["pin"]?["created_at"]?.stringValue)
        #expect(created.text == #"{"pin":{"pin_id":1,"raw_text":"first","like_count":3,"created_at":"\#(createdAt)"}}"#)
        let stored = try #require(try leanCloud.get("/1.1/classes/Pin?limit=1").json?["results"]?[0]?.objectValue)
        #expect(stored["tick"] == nil && stored["pin_id"] == 1 && stored["like_count"] == 3)

        let fetched = try device.get("/pins/1")
        #expect(fetched.status == 200 && fetched.text == #"{"pin":{"pin_id":1,"raw_text":"first","like_count":3,"created_at":"\#(createdAt)"}}"#)
        let updated = try form("PUT", "/pins/1", "raw_text=edited&pin_id=9&tick=1")
        #expect(updated.status == 200 && updated.json?["raw_text"] == "edited" && updated.json?["pin_id"] == 1, "\(updated.text)")
        let deleted = try device.delete("/pins/1")
        #expect(deleted.status == 202 && deleted.text == #"{"deleted":{"pin_id":1}}"#)
        for target in ["/pins/1", "/pins/abc", "/pins/1.0"] {
            let missing = try device.get(target)
            #expect(missing.status == 404 && missing.json?["code"] == 101, "\(target): \(missing.text)")
        }
        #expect(try device.delete("/pins/1").status == 404)
        #expect(try device.put("/pins/1", json: ["raw_text": "x"]).status == 404)
    }

    @Test func autoIds_countOnFromTheHighest_andAGivenIdMustBeFree() throws {
        for expected in 1...3 { #expect(try device.post("/pins", json: ["raw_text": .string("p\(expected)")]).json?["pin"]?["pin_id"] == JSON(expected)) }
        #expect(try device.delete("/pins/2").status == 202)
        #expect(try device.post("/pins", json: ["raw_text": "p4"]).json?["pin"]?["pin_id"] == 4)
        let given = try form("POST", "/pins", "pin_id=10&raw_text=ten")
        #expect(given.status == 201 && given.json?["pin"]?["pin_id"] == 10)
        let taken = try device.post("/pins", json: ["pin_id": 10, "raw_text": "again"])
        #expect(taken.status == 400 && taken.json?["code"] == 137)
        #expect(try device.post("/pins", json: [:]).json?["pin"]?["pin_id"] == 11)
        #expect(try device.get("/pins").json?["pins"]?.arrayValue?.compactMap { $0["pin_id"]?.intValue } == [1, 3, 4, 10, 11])
    }

    /// The number is taken in the create's write transaction: in memory, and on files, where
    /// reads have connections of their own.
    @Test(arguments: [false, true])
    func concurrentCreates_neverShareANumber(onFiles: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lcemu-shapes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = onFiles ? try TestServer.start { $0.dataDirectory = directory } : emulator
        let (admin, device) = (server.inProcessClient(credentials: .masterKey), server.inProcessClient(credentials: .none))
        if onFiles { #expect(try admin.post("/__admin/routes", json: Self.routes[0]).status == 201) }
        let answers = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            let id = (try? device.post("/pins", json: ["raw_text": .string("p\(index)")]))?.json?["pin"]?["pin_id"]?.intValue
            answers.withValue { $0.append(id ?? 0) }
        }
        #expect(answers.current.sorted() == Array(1...20))
        if onFiles { server.emulator.shutdown() }
    }

    @Test func aDeclaredIntegerField_refusesTextThatIsNoInteger_withTheTypeError() throws {
        for body in ["like_count=1.5", "like_count=abc", "pin_id=x"] {
            let refused = try form("POST", "/pins", body)
            #expect(refused.status == 400 && refused.json?["code"] == 111, "\(body): \(refused.text)")
        }
        #expect(try device.post("/pins", json: ["raw_text": 5]).json?["code"] == 111)
        #expect(try leanCloud.get("/1.1/classes/Pin?count=1&limit=0").json?["count"] == 0)
    }

    @Test func aStringIdFromDocid_isRequiredOnCreate_andADateTakesTheAppsPatternBothWays() throws {
        _ = try leanCloud.post("/1.1/classes/News", json: ["docid": "N0001", "title": "Hours", "body": "internal",
                                                           "publishedAt": ["__type": "Date", "iso": "2026-09-25T02:00:00.000Z"]])
        let fetched = try device.get("/news/N0001")
        #expect(fetched.text == #"{"data":{"docid":"N0001","title":"Hours","ptime":"2026-09-25 10:00:00"}}"#)
        #expect(try device.get("/news/N0002").status == 404)
        let missing = try device.post("/news", json: ["title": "no id"])
        #expect(missing.status == 400 && missing.json?["error"] == "docid is required")
        let created = try form("POST", "/news", "docid=N0002&title=Pay&ptime=2026-10-01%2008:30:00")
        #expect(created.status == 200 && created.json?["ptime"] == "2026-10-01 08:30:00")
        let stored = try leanCloud.get("/1.1/classes/News?where=%7B%22docid%22%3A%22N0002%22%7D").json?["results"]?[0]
        #expect(stored?["publishedAt"]?["iso"] == "2026-10-01T00:30:00.000Z")
        #expect(try device.post("/news", json: ["docid": "N0002"]).json?["code"] == 137)
        let badDate = try device.post("/news", json: ["docid": "N0003", "ptime": "2026-10-01T08:30:00Z"])
        #expect(badDate.status == 400 && badDate.json?["code"] == 111)
    }

    @Test func anOrderByAWireName_ordersByItsStoreField() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "latest", "resource": [
            "path": "/latest", "class": "News", "order": "-ptime,docid",
            "fields": ["docid": "string", "ptime": ["store": "publishedAt", "type": "date", "format": "s"]]]])
        for (docid, iso) in [("A", "2026-01-01T00:00:00.000Z"), ("B", "2026-03-01T00:00:00.000Z"), ("C", "2026-02-01T00:00:00.000Z")] {
            _ = try leanCloud.post("/1.1/classes/News", json: ["docid": .string(docid), "publishedAt": ["__type": "Date", "iso": .string(iso)]])
        }
        #expect(try device.get("/latest").text == #"[{"docid":"B","ptime":1772323200},{"docid":"C","ptime":1769904000},{"docid":"A","ptime":1767225600}]"#)
    }

    @Test func datesAsMillisecondsAndSeconds_bothWays() throws {
        let created = try device.post("/projects", json: ["name": "a", "owner": "alice", "due": 1_700_000_000_123], headers: ["x-owner": "alice"])
        #expect(created.status == 200 && created.json?["due"] == 1_700_000_000_123)
        let stored = try #require(try leanCloud.get("/1.1/classes/Project?limit=1").json?["results"]?[0])
        #expect(stored["due"]?["iso"] == "2023-11-14T22:13:20.123Z")
        let createdAt = try #require(stored["createdAt"]?.stringValue.flatMap(LCDate.init(iso:)))
        #expect(created.json?["created_at"] == .number(Double(createdAt.millisecondsSince1970)))
        #expect(created.json?["updated_at"] == .number(Double(createdAt.millisecondsSince1970 / 1000)))
        let formed = try form("POST", "/projects", "name=b&owner=alice&due=1700000000000")
        #expect(formed.json?["due"] == 1_700_000_000_000)
    }

    // MARK: shape

    @Test func fieldsNotDeclared_areNotAnswered_andTheItemEnvelopeHasNoTotal() throws {
        _ = try leanCloud.post("/1.1/classes/Pin", json: ["pin_id": 7, "raw_text": "seeded", "internal": "secret", "like_count": "2"])
        let list = try device.get("/pins")
        let pin = try #require(list.json?["pins"]?[0]?.objectValue)
        #expect(pin.keys.sorted() == ["created_at", "like_count", "pin_id", "raw_text"])
        #expect(pin["like_count"] == 2 && list.json?["total"] == 1)
        let item = try device.get("/pins/7")
        #expect(item.json?.objectValue?.keys.sorted() == ["pin"])
        let refused = try admin.post("/__admin/routes", json: ["id": "bad", "resource": [
            "path": "/bad", "class": "Bad", "item": ["envelope": ["data": "{{result}}", "total": "{{count}}"]]]])
        #expect(refused.status == 400)
        #expect(refused.json?["error"]?.stringValue?.contains("resource.item.envelope.total: {{count}} is a list's only") == true, "\(refused.text)")
    }

    // MARK: paging and filters

    @Test func pageNumbers_areNumbers_withTotalPageForNoneExactAndPartialPages() throws {
        #expect(try device.get("/feedback?page=1&pageSize=2").text
                == #"{"code":0,"data":{"list":[],"page":1,"pageSize":2,"totalPage":0,"totalRow":0}}"#)
        for (index, (read, reply)) in [(0, 0), (1, 1), (0, 1), (1, 0)].enumerated() {
            _ = try form("POST", "/feedback", "content=note%20\(index)&readStatus=\(read)&replyStatus=\(reply)&tick=1")
        }
        let exact = try device.get("/feedback?page=2&pageSize=2")
        #expect(exact.json?["data"]?["totalPage"] == 2 && exact.json?["data"]?["page"] == 2 && exact.json?["data"]?["totalRow"] == 4)
        #expect(exact.json?["data"]?["list"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [3, 4])
        let partial = try device.get("/feedback?page=2&pageSize=3")
        #expect(partial.json?["data"]?["totalPage"] == 2 && partial.json?["data"]?["list"]?.arrayValue?.count == 1)
        let defaults = try device.get("/feedback")
        #expect(defaults.json?["data"]?["page"] == 1 && defaults.json?["data"]?["pageSize"] == 10 && defaults.json?["data"]?["totalPage"] == 1)
        let tooBig = try device.get("/feedback?pageSize=51")
        #expect(tooBig.status == 400 && tooBig.json?["error"] == "pageSize must be an integer in 0...50")
    }

    @Test func allValuesAndEmptyValues_neverFilter_typedFiltersConvert_andUndeclaredParametersAreIgnored() throws {
        for (index, (read, reply)) in [(0, 0), (1, 1), (0, 1)].enumerated() {
            _ = try device.post("/feedback", json: ["content": .string(index == 1 ? "dark mode please" : "note \(index)"),
                                                     "readStatus": JSON(read), "replyStatus": JSON(reply)])
        }
        func ids(_ query: String) throws -> [Int] {
            let answer = try device.get("/feedback?\(query)")
            #expect(answer.status == 200, "\(query): \(answer.text)")
            return answer.json?["data"]?["list"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []
        }
        #expect(try ids("readStatus=-1&replyStatus=-1&tick=1795575662406") == [1, 2, 3])
        #expect(try ids("readStatus=&replyStatus=") == [1, 2, 3])
        #expect(try ids("readStatus=0") == [1, 3])
        #expect(try ids("readStatus=0&replyStatus=1") == [3])
        #expect(try ids("q=dark") == [2])
        #expect(try ids("q=.*") == [])
        #expect(try ids("starts=note") == [1, 3])
        #expect(try ids("starts=mode") == [])
        #expect(try ids("content=note%200") == [1, 2, 3])
        let refused = try device.get("/feedback?readStatus=abc")
        #expect(refused.status == 400 && refused.json?["error"] == "readStatus must be an integer")
    }

    // MARK: scope

    @Test func aFixedWhere_limitsListsFetchesUpdatesAndDeletes() throws {
        let alice: HTTPHeaders = ["x-owner": "alice"], bob: HTTPHeaders = ["x-owner": "bob"]
        _ = try device.post("/projects", json: ["name": "a1", "owner": "alice"], headers: alice)
        _ = try device.post("/projects", json: ["name": "b1", "owner": "bob"], headers: bob)
        _ = try device.post("/projects", json: ["name": "a2", "owner": "alice"], headers: alice)
        #expect(try device.get("/projects", headers: alice).json?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["a1", "a2"])
        #expect(try device.get("/projects/2", headers: alice).status == 404)
        #expect(try device.get("/projects/2", headers: bob).json?["name"] == "b1")
        #expect(try device.put("/projects/2", json: ["name": "stolen"], headers: alice).status == 404)
        #expect(try device.delete("/projects/2", headers: alice).status == 404)
        #expect(try device.get("/projects/2", headers: bob).json?["name"] == "b1")
    }

    @Test func aWheresPlaceholder_fillsInAValue_neverAQuery() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "mine", "resource": [
            "path": "/mine", "class": "Project", "where": ["owner": "{{request.body.owner}}"]]])
        let alice = try leanCloud.post("/1.1/classes/Project", json: ["name": "a", "owner": "alice"])
        let id = try #require(alice.json?["objectId"]?.stringValue)
        let widened = try device.put("/mine/\(id)", json: ["owner": ["$ne": "nobody"], "name": "taken"])
        #expect(widened.status == 400 && widened.json?["error"] == "where takes single values from the request, not objects or arrays")
        #expect(try device.put("/mine/\(id)", json: ["owner": "bob", "name": "taken"]).status == 404)
        #expect(try device.put("/mine/\(id)", json: ["owner": "alice", "name": "renamed"]).json?["name"] == "renamed")
    }

    @Test func aNestedResource_storesItsParent_listsOnlyItsChildren_andAMissingParentIsNotFound() throws {
        _ = try device.post("/pins", json: ["raw_text": "one"])
        _ = try device.post("/pins", json: ["raw_text": "two"])
        let created = try form("POST", "/pins/1/comments", "text=hi&pin_id=2&tick=1")
        #expect(created.status == 200 && created.text == #"{"comment":{"comment_id":1,"pin_id":1,"text":"hi"}}"#)
        _ = try form("POST", "/pins/2/comments", "text=other")
        #expect(try device.get("/pins/1/comments").text == #"{"comments":[{"comment_id":1,"pin_id":1,"text":"hi"}]}"#)
        #expect(try device.get("/pins/2/comments/1").status == 404)
        #expect(try device.get("/pins/2/comments/2").json?["text"] == "other")
        for target in ["/pins/99/comments", "/pins/x/comments"] {
            let missing = try form("POST", target, "text=lost")
            #expect(missing.status == 404 && missing.json?["code"] == 101, "\(target): \(missing.text)")
            #expect(try device.get(target).status == 404)
        }
        #expect(try device.post("/pins/99/comments", json: ["text": "lost"]).json?["error"] == "Pin 99 not found")
        #expect(try leanCloud.get("/1.1/classes/Comment?count=1&limit=0").json?["count"] == 2)
    }

    @Test func aParentNamingNoResource_isTheRoutesBug_a500NamingIt() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "orphans", "resource": [
            "path": "/boards/:board/orphans", "class": "Orphan", "parent": ["capture": "board", "resource": "boards"]]])
        let answer = try device.get("/boards/1/orphans")
        #expect(answer.status == 500)
        #expect(answer.json?["error"] == "route 'orphans': parent.resource 'boards' is not a resource route of this app")
    }

    // MARK: the documentation

    /// docs/custom-backends.md's resource definitions load as shown (fragments inside a
    /// resource), and the pins, news and comments answer as the text says.
    @Test func theDocumentsResourceExamples_loadAndAnswerAsShown() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let markdown = try String(contentsOf: root.appendingPathComponent("docs/custom-backends.md"), encoding: .utf8)
        let section = try #require(markdown.components(separatedBy: "\n## Resources\n").last?.components(separatedBy: "\n## ").first)
        let blocks = section.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
        #expect(blocks.count == 6)
        let server = try TestServer.start()
        let (admin, device) = (server.inProcessClient(credentials: .masterKey), server.inProcessClient(credentials: .none))
        for (index, block) in blocks.enumerated() {
            let text = block.hasPrefix("{") ? block : #"{"id": "fragment\#(index)", "resource": {"path": "/f\#(index)", "class": "F", \#(block)}}"#
            let added = try admin.post("/__admin/routes", json: try JSONParser.parse(Array(text.utf8)))
            #expect(added.status == 201, "\(block): \(added.text)")
        }
        let pin = try device.send("POST", "/pins", body: Array("raw_text=first&tick=1795575662406".utf8),
                                  headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(pin.status == 201 && pin.json?["pin"]?.objectValue?.keys.sorted() == ["created_at", "like_count", "pin_id", "raw_text"])
        #expect(pin.json?["pin"]?["pin_id"] == 1 && pin.json?["pin"]?["like_count"] == 0)
        #expect(try device.get("/pins/1").json?.objectValue?.keys.sorted() == ["pin"])
        let comment = try device.send("POST", "/pins/1/comments", body: Array("text=hi".utf8),
                                      headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(comment.text == #"{"comment":{"comment_id":1,"pin_id":1,"text":"hi"}}"#)
        #expect(try device.post("/pins/99/comments", json: ["text": "x"]).json?["error"] == "Pin 99 not found")
        let leanCloud = server.inProcessClient(credentials: .masterKey)
        _ = try leanCloud.post("/1.1/classes/News", json: ["docid": "N1", "publishedAt": ["__type": "Date", "iso": "2026-09-25T02:00:00.000Z"]])
        #expect(try device.get("/merchant/news/N1").json?["data"]?["ptime"] == "2026-09-25 10:00:00")
        let news = try device.send("POST", "/merchant/news", body: Array("docid=N2&ptime=2026-10-01%2008:30:00".utf8),
                                   headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(news.json?["created"]?.intValue != nil)
        #expect(try leanCloud.get("/1.1/classes/News?order=-createdAt&limit=1").json?["results"]?[0]?["publishedAt"]?["iso"] == "2026-10-01T00:30:00.000Z")
        for index in 0..<4 { _ = try leanCloud.post("/1.1/classes/Project", json: ["name": .string("p\(index)")]) }
        let page = try device.get("/api/projects?page=2&pageSize=3")
        #expect(page.text.hasPrefix(#"{"code":0,"data":{"list":[{"#) && page.text.hasSuffix(#"}],"page":2,"pageSize":3,"totalPage":2,"totalRow":4}}"#))
        #expect(page.json?["data"]?["list"]?.arrayValue?.count == 1)
        #expect(try device.get("/api/projects?pageSize=101").json?["error"] == "pageSize must be an integer in 0...100")
    }
}
