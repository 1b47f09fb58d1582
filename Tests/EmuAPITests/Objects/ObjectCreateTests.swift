import EmuTestSupport
import EmuHTTP
import EmuTesting
import LCWire
import Testing

@Suite struct ObjectCreateTests {
    let emulator: TestServer
    let client: TestClient
    init() throws {
        // The app setting that lets `returnACL=true` show the ACL (spec §6.2).
        emulator = try TestServer.start { $0.apps[0].options.returnACL = true }
        client = emulator.inProcessClient()
    }

    @Test func create_answers201WithLocationAndObjectIdThenCreatedAt() throws {
        let response = try client.post("/1.1/classes/Post", json: ["title": "hello"])
        #expect(response.status == 201)
        let id = try #require(response.json?["objectId"]?.stringValue)
        let createdAt = try #require(response.json?["createdAt"]?.stringValue)
        #expect(id.wholeMatch(of: WirePattern.objectId) != nil)
        #expect(createdAt.wholeMatch(of: WirePattern.date) != nil)
        #expect(response.text == #"{"objectId":"\#(id)","createdAt":"\#(createdAt)"}"#)
        #expect(response.headers["Location"] == "http://localhost/1.1/classes/Post/\(id)")
    }

    @Test func create_usesTheEmulatorClock() throws {
        emulator.emulator.clock.set(milliseconds: 1_435_541_975_931)
        let response = try client.post("/1.1/classes/Post", json: [:])
        #expect(response.json?["createdAt"] == "2015-06-29T01:39:35.931Z")
        let id = try #require(response.json?["objectId"]?.stringValue)
        #expect(id.hasPrefix("5590a1d7"))  // first 8 hex digits: creation seconds
    }

    @Test(arguments: ["fetchWhenSave=true", "new=true"])
    func create_withFetchWhenSave_returnsTheWholeObject(query: String) throws {
        emulator.emulator.clock.set(milliseconds: 1_435_541_975_931)
        let response = try client.post("/1.1/classes/Post?\(query)", json: ["title": "t", "n": ["__op": "Increment", "amount": 2]])
        #expect(response.status == 201)
        let id = try #require(response.json?["objectId"]?.stringValue)
        let date = "2015-06-29T01:39:35.931Z"
        #expect(response.text == #"{"title":"t","n":2,"createdAt":"\#(date)","updatedAt":"\#(date)","objectId":"\#(id)"}"#)
    }

    @Test func create_ignoresServerManagedFields() throws {
        let id = try client.create("Post", ["objectId": "aaaaaaaaaaaaaaaaaaaaaaaa", "createdAt": "2000-01-01T00:00:00.000Z",
                                            "updatedAt": "x", "title": "t"])
        #expect(id != "aaaaaaaaaaaaaaaaaaaaaaaa")
        let object = try client.fetch("Post", id)
        #expect(object["createdAt"] != "2000-01-01T00:00:00.000Z")
        #expect(object["title"] == "t")
    }

    @Test func create_dropsHookFlags() throws {
        let id = try client.create("Post", ["__ignore_hooks": ["beforeSave"], "__internalId": "c1", "__children": [],
                                            "title": "t"])
        let object = try client.fetch("Post", id)
        #expect(object["__ignore_hooks"] == nil && object["__internalId"] == nil && object["__children"] == nil)
        #expect(object["title"] == "t")
    }

    @Test func create_storesTheACLApart() throws {
        let acl: JSON = ["*": ["read": true], "role:Manager": ["write": true]]
        let id = try client.create("Post", ["ACL": acl, "title": "t"])
        #expect(try client.fetch("Post", id)["ACL"] == nil)
        #expect(try client.fetch("Post", id, query: "returnACL=true")["ACL"] == acl)
    }

    @Test(arguments: [
        JSON("public"), ["*": true], ["*": ["read": "yes"]], ["*": ["delete": true]], ["": ["read": true]], [1, 2],
    ] as [JSON])
    func create_refusesMalformedACL_with123(acl: JSON) throws {
        let response = try client.post("/1.1/classes/Post", json: ["ACL": acl])
        #expect(response.status == 400)
        #expect(errorCode(response) == 123)
    }

    @Test(arguments: [
        ("Post", ["a.b": 1] as JSON, 105), ("Post", ["invalid?": 1], 105), ("Post", ["_private": 1], 105),
        ("Post", ["1st": 1], 105), ("Post", ["__type": "Date"], 105),
        ("Post", ["o": ["a.b": 1]], 121), ("Post", ["o": ["$set": 1]], 121), ("Post", ["list": [["x.y": 1]]], 121),
        ("_Secret", [:], 103), ("1Post", [:], 103), ("Po-st", [:], 103),
    ] as [(String, JSON, Int)])
    func create_refusesInvalidNames(className: String, body: JSON, code: Int) throws {
        let response = try client.post("/1.1/classes/\(className)", json: body)
        #expect(response.status == 400)
        #expect(errorCode(response) == code, "\(response.text)")
    }

    @Test func create_namesTheInvalidColumn() throws {
        let response = try client.post("/1.1/classes/Post", json: ["invalid?": 1])
        #expect(response.text == #"{"code":105,"error":"Invalid key name. Keys are case-sensitive and 'a-zA-Z0-9_' are the only valid characters. The column is: 'invalid?'."}"#)
    }

    @Test(arguments: ["{not json", "[1,2]", "42", "null", "\"text\""])
    func create_refusesBodiesThatAreNotObjects_with107(body: String) throws {
        let response = try client.send("POST", "/1.1/classes/Post", body: Array(body.utf8))
        #expect(response.status == 400)
        #expect(response.text == #"{"code":107,"error":"Malformed json object. A json dictionary is expected."}"#)
    }

    @Test func create_appliesOperationsToAnEmptyObject() throws {
        let id = try client.create("Post", [
            "likes": ["__op": "Increment", "amount": 5], "down": ["__op": "Decrement", "amount": 2],
            "tags": ["__op": "Add", "objects": ["a", "b"]], "uniq": ["__op": "AddUnique", "objects": ["a", "a"]],
            "gone": ["__op": "Delete"], "removed": ["__op": "Remove", "objects": [1]],
            "bits": ["__op": "BitOr", "value": 6],
        ])
        let object = try client.fetch("Post", id)
        #expect(object["likes"] == 5)
        #expect(object["down"] == -2)
        #expect(object["tags"] == ["a", "b"])
        #expect(object["uniq"] == ["a"])
        #expect(object["gone"] == nil)
        #expect(object["removed"] == nil)
        #expect(object["bits"] == 6)
    }

    @Test func create_autoCreatesTheClass() throws {
        #expect(try client.get("/1.1/classes/Fresh/000000000000000000000000").status == 404)
        try client.create("Fresh", [:])
        let response = try client.get("/1.1/classes/Fresh/000000000000000000000000")
        #expect(response.status == 200)
        #expect(response.text == "{}")
    }

    @Test func create_refusesObjectsOver16MB_with116() throws {
        let big = String(repeating: "x", count: 16 * 1024 * 1024)
        let response = try client.post("/1.1/classes/Post", json: ["blob": .string(big)])
        #expect(response.status == 400)
        #expect(response.text == #"{"code":116,"error":"The object is too large."}"#)
    }

    @Test func create_honoursForwardedProtoInLocation() throws {
        let response = try client.post("/1.1/classes/Post", json: [:], headers: ["X-Forwarded-Proto": "https"])
        let id = try #require(response.json?["objectId"]?.stringValue)
        #expect(response.headers["Location"] == "https://localhost/1.1/classes/Post/\(id)")
    }

    /// The `Host` header goes into the `Location` only when it holds nothing but `host[:port]`
    /// characters; anything else (a space, a slash, a non-ASCII letter, a control) is `localhost`.
    @Test func create_putsOnlyAPlainHostInLocation() throws {
        for (host, expected) in [("api.example.com:8080", "api.example.com:8080"), ("[::1]:3000", "[::1]:3000"),
                                 ("my_host-1.local", "my_host-1.local"), ("évil.com", "localhost"),
                                 ("a b", "localhost"), ("evil.com/x", "localhost"), ("a\u{7F}", "localhost")] {
            let response = try client.post("/1.1/classes/Post", json: [:], headers: ["Host": host])
            let id = try #require(response.json?["objectId"]?.stringValue)
            #expect(response.headers["Location"] == "http://\(expected)/1.1/classes/Post/\(id)", "\(host)")
        }
    }
}
