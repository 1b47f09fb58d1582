import EmuTestSupport
import EmuAPI
import Foundation
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// A resource answers what the `/1.1` object and query routes answer for the same objects, byte
/// for byte, inside its envelopes; its own failures (unknown id, bad paging, a body that is
/// neither JSON nor a form) have fixed words and codes, checked in the order written here.
@Suite struct ResourceAnswerTests {
    let emulator: TestServer
    let admin: TestClient
    let device: TestClient
    let leanCloud: TestClient
    /// The Feedback objects, in creation order.
    let feedback: [String]

    static let routes: [JSON] = [
        ["id": "raw", "resource": ["path": "/raw", "class": "Feedback", "order": "createdAt"]],
        ["id": "counted", "resource": ["path": "/counted", "class": "Feedback", "order": "createdAt",
                                       "envelope": ["data": "{{result}}", "total": "{{count}}", "summary": "{{count}} of {{request.query.type}}"]]],
        ["id": "items", "resource": [
            "path": "/shops/:shop/items", "class": "Item", "paging": ["page": "p", "size": "n", "firstPage": 0],
            "filters": ["kind", "open"], "order": "-rank", "fieldTypes": ["rank": "number", "open": "boolean"],
            "envelope": ["shop": "{{request.path.shop}}", "items": "{{result}}", "total": "{{count}}",
                         "kind": "{{request.query.kind}}", "method": "{{request.method}}", "id": "{{request.path.id}}"],
            "errorEnvelope": ["failed": "{{error}}", "code": "{{code}}", "at": "{{request.path}}", "result": "{{result}}"],
            "status": 201, "notFoundStatus": 410, "errorStatus": 422]],
        ["id": "ghost", "resource": ["path": "/ghost", "class": "Ghost"]],
    ]

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
        leanCloud = emulator.inProcessClient(credentials: .masterKey)
        for route in Self.routes { #expect(try admin.post("/__admin/routes", json: route).status == 201) }
        var ids: [String] = []
        for (index, (type, flag)) in [(1, true), (2, false), (1, true), (1, false)].enumerated() {
            let created = try leanCloud.post("/1.1/classes/Feedback", json: [
                "content": .string("note \(index)"), "type": JSON(type), "flag": .bool(flag), "tags": ["a", .string("\(index)")]])
            ids.append(try #require(created.json?["objectId"]?.stringValue))
        }
        feedback = ids
        for (kind, open, rank) in [("a", true, 5), ("b", false, 4), ("a", false, 3), ("a", true, 2), ("b", true, 1)] {
            _ = try leanCloud.post("/1.1/classes/Item", json: ["kind": .string(kind), "open": .bool(open), "rank": JSON(rank)])
        }
    }

    /// The `/1.1` query's `results` and `count` for the same `where`, order and page.
    func query(_ className: String, where condition: JSON? = nil, order: String, limit: Int? = nil, skip: Int? = nil) throws -> (results: JSON, count: JSON) {
        var target = "/1.1/classes/\(className)?count=1&order=\(encoded(order))"
        if let condition { target += "&where=\(encoded(condition.jsonString))" }
        if let limit { target += "&limit=\(limit)" }
        if let skip { target += "&skip=\(skip)" }
        let answer = try leanCloud.get(target)
        #expect(answer.status == 200, "\(target): \(answer.text)")
        return (try #require(answer.json?["results"]), try #require(answer.json?["count"]))
    }

    func object(_ className: String, _ id: String) throws -> [UInt8] {
        try leanCloud.get("/1.1/classes/\(className)/\(id)").body
    }

    // MARK: list

    @Test(arguments: [
        ("/raw", nil, nil, nil),
        ("/raw?type=1&limit=2&offset=1", ["type": ["$in": ["1", 1]]] as JSON, 2, 1),
        ("/raw?flag=true", ["flag": ["$in": ["true", true]]] as JSON, nil, nil),
        ("/raw?content=note%202", ["content": "note 2"] as JSON, nil, nil),
        ("/raw?content=note%202&content=note%201", ["content": "note 2"] as JSON, nil, nil),
        ("/raw?bad%20name=1&type=2", ["type": ["$in": ["2", 2]]] as JSON, nil, nil),
        ("/raw?offset=3", nil, nil, 3),
        ("/raw?limit=1000&offset=0", nil, 1000, 0),
        ("/raw?limit=&offset=", nil, nil, nil),
        ("/raw?type=1.0", ["type": ["$in": ["1.0", 1]]] as JSON, nil, nil),
    ] as [(String, JSON?, Int?, Int?)])
    func theList_isTheQueryRoutesResults(target: String, condition: JSON?, limit: Int?, skip: Int?) throws {
        let answer = try device.get(target)
        #expect(answer.status == 200)
        #expect(answer.headers["Content-Type"] == "application/json;charset=utf-8")
        let expected = try query("Feedback", where: condition, order: "createdAt", limit: limit, skip: skip)
        #expect(answer.text == expected.results.jsonString, "\(target)")
    }

    @Test func theCount_isTheQueryRoutesCount_withoutPaging_andTextPlaceholdersReadIt() throws {
        let answer = try device.get("/counted?type=1&limit=1")
        let expected = try query("Feedback", where: ["type": ["$in": ["1", 1]]], order: "createdAt", limit: 1)
        #expect(answer.text == JSON.object(["data": expected.results, "total": expected.count, "summary": "3 of 1"]).jsonString)
        #expect(answer.json?["total"] == 3)
    }

    @Test func aZeroLimit_answersNoResults_butTheCount() throws {
        #expect(try device.get("/counted?limit=0").text == #"{"data":[],"total":4,"summary":"4 of "}"#)
    }

    @Test func pageAndSize_fromPageZero_withDeclaredFilters_andTheEnvelopesTemplates() throws {
        let second = try device.get("/shops/s1/items?p=1&n=2&kind=a&rank=9")
        #expect(second.status == 201)
        let expected = try query("Item", where: ["kind": "a"], order: "-rank", limit: 2, skip: 2)
        #expect(second.text == JSON.object(["shop": "s1", "items": expected.results, "total": expected.count,
                                            "kind": "a", "method": "GET", "id": .null]).jsonString)
        let noSize = try device.get("/shops/s1/items?p=1&open=true")
        let pageOfHundred = try query("Item", where: ["open": ["$in": ["true", true]]], order: "-rank", skip: 100)
        #expect(noSize.json?["items"] == pageOfHundred.results && noSize.json?["total"] == 3)
        let sizeOnly = try device.get("/shops/s1/items?n=3")
        #expect(sizeOnly.json?["items"] == (try query("Item", order: "-rank", limit: 3)).results)
    }

    @Test func aClassWithNoObjects_listsNothing() throws {
        let answer = try device.get("/ghost")
        #expect(answer.status == 200 && answer.text == "[]")
    }

    @Test(arguments: ["limit=1001", "limit=-1", "limit=x", "offset=1.5", "offset=1001"])
    func badPaging_isTheErrorEnvelope_namingTheParameter(parameter: String) throws {
        let answer = try device.get("/raw?\(parameter)")
        let name = parameter.split(separator: "=")[0]
        #expect(answer.status == 400)
        #expect(answer.text == #"{"code":\#(1),"error":"\#(name) must be an integer in 0...1000"}"#)
    }

    @Test func aPageBeforeTheFirst_andBadPageParameters_areTheRoutesErrorStatus() throws {
        let code = 1
        let negative = try device.get("/shops/s1/items?p=-1")
        #expect(negative.status == 422)
        #expect(negative.text == #"{"failed":"p must be an integer in 0...1000","code":\#(code),"at":"/shops/s1/items","result":null}"#)
        _ = try admin.post("/__admin/routes", json: ["id": "v1", "resource": [
            "path": "/v1", "class": "Item", "paging": ["page": "page", "size": "size"]]])
        let zero = try device.get("/v1?page=0")
        #expect(zero.status == 400 && zero.text == #"{"code":\#(code),"error":"page starts at 1"}"#)
    }

    // MARK: fetch

    @Test func aFetch_isTheObjectRoutesAnswer() throws {
        for id in feedback {
            let answer = try device.get("/raw/\(id)")
            #expect(answer.status == 200)
            #expect(answer.headers["Content-Type"] == "application/json;charset=utf-8")
            #expect(answer.body == (try object("Feedback", id)))
        }
        let item = try #require(try leanCloud.get("/1.1/classes/Item?limit=1").json?["results"]?[0]?["objectId"]?.stringValue)
        let stored = try JSONParser.parse(try object("Item", item))
        let wrapped = try device.get("/shops/s9/items/\(item)")
        #expect(wrapped.status == 201)
        #expect(wrapped.text == JSON.object(["shop": "s9", "items": stored,
                                             "total": .null, "kind": .null, "method": "GET", "id": .string(item)]).jsonString)
    }

    @Test(arguments: ["5f0000000000000000000000", "123", "nope", "5F0000000000000000000000"])
    func anUnknownOrMalformedId_isNotFound_forEveryItemMethod(id: String) throws {
        let expected = #"{"code":101,"error":"Feedback \#(id) not found"}"#
        for answer in [try device.get("/raw/\(id)"), try device.put("/raw/\(id)", json: ["a": 1]),
                       try device.send("PATCH", "/raw/\(id)", body: Array(#"{"a":1}"#.utf8)),
                       try device.delete("/raw/\(id)"), try device.send("PUT", "/raw/\(id)", body: Array("[1".utf8))] {
            #expect(answer.status == 404)
            #expect(answer.text == expected)
        }
        let wrapped = try device.get("/shops/s1/items/\(id)")
        #expect(wrapped.status == 410)
        #expect(wrapped.text == #"{"failed":"Item \#(id) not found","code":101,"at":"/shops/s1/items/\#(id)","result":null}"#)
    }

    @Test func anIdOfAClassThatDoesNotExist_fetchesAsTheObjectRoutesError_writesAsNotFound() throws {
        let id = "5f0000000000000000000000"
        let lc = try leanCloud.get("/1.1/classes/Ghost/\(id)")
        #expect(lc.status == 404)
        let fetched = try device.get("/ghost/\(id)")
        #expect(fetched.status == 404 && fetched.body == lc.body)
        for answer in [try device.put("/ghost/\(id)", json: ["a": 1]), try device.delete("/ghost/\(id)")] {
            #expect(answer.status == 404 && answer.text == #"{"code":101,"error":"Ghost \#(id) not found"}"#)
        }
    }

    // MARK: create

    @Test func aCreate_answersTheWholeObject_asTheObjectRoutesFetchIt() throws {
        let created = try device.post("/raw", json: [
            "content": "new", "type": 5, "tags": ["x"], "when": ["__type": "Date", "iso": "2020-01-02T03:04:05.678Z"],
            "nested": ["a": ["b": 1.5]], "count": ["__op": "Increment", "amount": 2]])
        #expect(created.status == 200)
        let id = try #require(created.json?["objectId"]?.stringValue)
        #expect(created.body == (try object("Feedback", id)))
        #expect(created.json?["count"] == 2 && created.json?["when"]?["iso"] == "2020-01-02T03:04:05.678Z")
    }

    @Test func aFormCreate_convertsTheDeclaredFieldTypes() throws {
        let created = try device.send("POST", "/shops/s1/items", body: Array("kind=c&open=true&rank=7&note=1".utf8),
                                      headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(created.status == 201)
        let id = try #require(created.json?["items"]?["objectId"]?.stringValue)
        let stored = try JSONParser.parse(try object("Item", id))
        #expect(created.json?["items"] == stored)
        #expect(stored["open"] == true && stored["rank"] == 7 && stored["note"] == "1" && stored["kind"] == "c")
        #expect(created.json?["total"] == .null && created.json?["method"] == "POST")
    }

    @Test func aFormsNumberBeyondWhatJSONCarries_isStoredAsNull() throws {
        for text in ["1e400", "nan", "-inf"] {
            let created = try device.send("POST", "/shops/s1/items", body: Array("kind=n&rank=\(text)".utf8),
                                          headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(created.status == 201, "\(text): \(created.text)")
            let id = try #require(created.json?["items"]?["objectId"]?.stringValue)
            let stored = try JSONParser.parse(try object("Item", id))
            #expect(created.json?["items"]?["rank"] == .null && created.json?["items"] == stored)
        }
    }

    @Test func aNullFromAFormsNumber_fixesNoTypeForTheField() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "typed", "resource": ["path": "/typed", "class": "Typed", "fieldTypes": ["n": "number"]]])
        let created = try device.send("POST", "/typed", body: Array("n=1e400".utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(created.status == 200 && created.json?["n"] == .null)
        let text = try device.post("/typed", json: ["n": "text"])
        #expect(text.status == 200 && text.json?["n"] == "text")
    }

    @Test func anEmptyBody_createsAnObjectWithNoFields() throws {
        let created = try device.send("POST", "/raw")
        #expect(created.status == 200)
        let id = try #require(created.json?["objectId"]?.stringValue)
        #expect(created.body == (try object("Feedback", id)))
        #expect(created.json?.objectValue?.keys.sorted() == ["createdAt", "objectId", "updatedAt"])
    }

    @Test(arguments: [(#"[1,2]"#, "application/json"), ("{bad", "application/json"), ("1", "application/json"),
                      ("<a/>", "application/xml")])
    func aBodyThatIsNeitherAnObjectNorAForm_isRefused(body: String, contentType: String) throws {
        let before = try query("Feedback", order: "createdAt").count
        for target in ["/raw", "/raw/\(feedback[0])"] {
            let answer = try device.send(target == "/raw" ? "POST" : "PUT", target, body: Array(body.utf8), headers: ["Content-Type": contentType])
            #expect(answer.status == 400)
            #expect(answer.text == #"{"code":\#(LCErrorCode.malformedJSON.code),"error":"the body must be a JSON object or a form"}"#)
        }
        #expect(try query("Feedback", order: "createdAt").count == before)
        #expect(try device.get("/raw/\(feedback[0])").body == (try object("Feedback", feedback[0])))
    }

    /// (A body's `ACL` is not refused but dropped: a resource never stores a caller's ACL unless
    /// `fields` declares it, ResourceScopeWriteTests.)
    @Test(arguments: [["bad name": 1], ["type": "text"], ["tags": ["__op": "Increment", "amount": 1]],
                      ["objectId": "5f0000000000000000000000"], ["createdAt": "x"]] as [JSON])
    func aBodyTheObjectRoutesRefuse_isRefused_withTheirCodeAndWords(body: JSON) throws {
        let lcCreate = try leanCloud.post("/1.1/classes/Feedback", json: body)
        let created = try device.post("/raw", json: body)
        expectSameOutcome(created, as: lcCreate, errorStatus: 400, notFoundStatus: 404)
        let lcItem = try leanCloud.post("/1.1/classes/Item", json: body)
        let wrapped = try device.post("/shops/s1/items", json: body)
        #expect(wrapped.status == (lcItem.status < 300 ? 201 : lcItem.status == 404 ? 410 : 422))
        if lcItem.status >= 300 { #expect(wrapped.json?["failed"] == lcItem.json?["error"] && wrapped.json?["code"] == lcItem.json?["code"]) }
        let lcUpdate = try leanCloud.put("/1.1/classes/Feedback/\(feedback[1])", json: body)
        let updated = try device.put("/raw/\(feedback[2])", json: body)
        expectSameOutcome(updated, as: lcUpdate, errorStatus: 400, notFoundStatus: 404)
    }

    /// A success, or the object route's code and words in the default error envelope.
    func expectSameOutcome(_ answer: TestClient.Response, as lc: TestClient.Response, errorStatus: Int, notFoundStatus: Int) {
        guard lc.status >= 300 else { return #expect(answer.status == 200, "\(answer.text)") }
        #expect(answer.status == (lc.status == 404 ? notFoundStatus : errorStatus))
        #expect(answer.text == JSON.object(["code": lc.json?["code"] ?? .null, "error": lc.json?["error"] ?? .null]).jsonString)
    }

    /// Form text takes a Number column's type when it is a number (ResourceFormColumnTypeTests);
    /// text that is none stays text, and the column refuses it as `/1.1` does.
    @Test func aFormsTextForANumberField_isTheTypeError_whenItIsNoNumber() throws {
        let form = try device.send("POST", "/raw", body: Array("type=two".utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
        let lc = try leanCloud.post("/1.1/classes/Feedback", json: ["type": "two"])
        #expect(form.status == 400 && lc.status == 400)
        #expect(form.text == JSON.object(["code": lc.json?["code"] ?? .null, "error": lc.json?["error"] ?? .null]).jsonString)
        #expect(form.json?["code"] == 111)
    }

    // MARK: update

    @Test func aPartialUpdate_keepsTheOtherFields_andAnswersTheWholeObject() throws {
        let id = feedback[2]
        let before = try JSONParser.parse(try object("Feedback", id))
        #expect(try admin.post("/__admin/clock", json: ["advance": "1s"]).status == 200)
        let updated = try device.put("/raw/\(id)", json: ["content": "edited", "type": ["__op": "Increment", "amount": 2]])
        #expect(updated.status == 200)
        #expect(updated.body == (try object("Feedback", id)))
        #expect(updated.json?["content"] == "edited" && updated.json?["type"] == 3 && updated.json?["tags"] == before["tags"])
        #expect(updated.json?["createdAt"] == before["createdAt"] && updated.json?["updatedAt"] != before["updatedAt"])
    }

    @Test func aPatch_isAnUpdate_andAFullBodyReplacesEveryFieldItNames() throws {
        let id = feedback[3]
        let patched = try device.send("PATCH", "/raw/\(id)", body: Array(#"{"flag":true}"#.utf8), headers: ["Content-Type": "application/json"])
        #expect(patched.status == 200 && patched.json?["flag"] == true)
        #expect(patched.body == (try object("Feedback", id)))
        let full = try device.put("/raw/\(id)", json: ["content": "all", "type": 9, "flag": false, "tags": [], "extra": ["k": "v"]])
        #expect(full.body == (try object("Feedback", id)))
        #expect(full.json?["content"] == "all" && full.json?["tags"] == [] && full.json?["extra"]?["k"] == "v")
        let empty = try device.put("/raw/\(id)", json: [:])
        #expect(empty.status == 200)
        #expect(empty.body == (try object("Feedback", id)))
        let deleteField = try device.put("/raw/\(id)", json: ["extra": ["__op": "Delete"]])
        #expect(deleteField.json?["extra"] == nil)
        #expect(deleteField.body == (try object("Feedback", id)))
    }

    @Test func aFormUpdate_ofTheWrappedResource_isTheRoutesStatusAndEnvelope() throws {
        let item = try #require(try leanCloud.get("/1.1/classes/Item?limit=1").json?["results"]?[0]?["objectId"]?.stringValue)
        let updated = try device.send("PUT", "/shops/s2/items/\(item)?kind=z", body: Array("rank=11&open=false".utf8),
                                      headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(updated.status == 201)
        let stored = try JSONParser.parse(try object("Item", item))
        #expect(updated.text == JSON.object(["shop": "s2", "items": stored,
                                             "total": .null, "kind": "z", "method": "PUT", "id": .string(item)]).jsonString)
        #expect(updated.json?["items"]?["rank"] == 11 && updated.json?["items"]?["open"] == false)
    }

    // MARK: delete

    @Test func aDelete_answersTheId_andTheObjectIsGone() throws {
        let id = feedback[0]
        let deleted = try device.delete("/raw/\(id)")
        #expect(deleted.status == 200 && deleted.text == #"{"objectId":"\#(id)"}"#)
        #expect(try leanCloud.get("/1.1/classes/Feedback/\(id)").text == "{}")
        let again = try device.delete("/raw/\(id)")
        #expect(again.status == 404 && again.text == #"{"code":101,"error":"Feedback \#(id) not found"}"#)
        #expect(try device.get("/raw").json?.arrayValue?.count == 3)
    }

    // MARK: a file database

    /// Reads on their own connections, writes on the writer: the same answers as in memory.
    @Test func inAFileDatabase_writesAndReadsAnswerTheSame() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lcemu-resource-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try TestServer.start { $0.dataDirectory = directory }
        let (admin, device, leanCloud) = (server.inProcessClient(credentials: .masterKey), server.inProcessClient(credentials: .none),
                                          server.inProcessClient(credentials: .masterKey))
        #expect(try admin.post("/__admin/routes", json: Self.routes[0]).status == 201)
        let created = try device.post("/raw", json: ["content": "on disk", "type": 1])
        let id = try #require(created.json?["objectId"]?.stringValue)
        #expect(created.body == (try leanCloud.get("/1.1/classes/Feedback/\(id)").body))
        let updated = try device.put("/raw/\(id)", json: ["type": ["__op": "Increment", "amount": 1]])
        #expect(updated.json?["type"] == 2)
        #expect(updated.body == (try leanCloud.get("/1.1/classes/Feedback/\(id)").body))
        #expect(try device.get("/raw?type=2").text == "[\(updated.text)]")
        #expect(try device.delete("/raw/\(id)").text == #"{"objectId":"\#(id)"}"#)
        #expect(try device.get("/raw").text == "[]")
        server.emulator.shutdown()
    }

    // MARK: methods

    @Test func otherMethods_areNotTheResources() throws {
        #expect(try device.send("DELETE", "/raw").status == 404)
        #expect(try device.send("POST", "/raw/\(feedback[0])").status == 404)
        #expect(try device.send("HEAD", "/raw").status == 200)
    }
}
