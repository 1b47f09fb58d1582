import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct ObjectFetchTests {
    let emulator: TestServer
    let client: TestClient
    init() throws {
        // The app setting that lets `returnACL=true` show the ACL (spec §6.2).
        emulator = try TestServer.start { $0.apps[0].options.returnACL = true }
        client = emulator.inProcessClient()
    }

    @Test func fetch_returnsFieldsThenCreatedAtUpdatedAtObjectId() throws {
        emulator.emulator.clock.set(milliseconds: 1_435_541_975_931)
        let id = try client.create("Post", ["content": "c", "pubTimestamp": 1_435_541_999])
        let response = try client.get("/1.1/classes/Post/\(id)")
        #expect(response.status == 200)
        let date = "2015-06-29T01:39:35.931Z"
        #expect(response.text == #"{"content":"c","pubTimestamp":1435541999,"createdAt":"\#(date)","updatedAt":"\#(date)","objectId":"\#(id)"}"#)
    }

    @Test func fetch_ofUnknownIdInExistingClass_isEmptyObject() throws {
        try client.create("Post", [:])
        let response = try client.get("/1.1/classes/Post/558e20cbe4b060308e3eb36c")
        #expect(response.status == 200)
        #expect(response.text == "{}")
    }

    @Test func fetch_ofUnknownClass_is404With101() throws {
        let response = try client.get("/1.1/classes/Nothing/558e20cbe4b060308e3eb36c")
        #expect(response.status == 404)
        #expect(response.text == #"{"code":101,"error":"Class or object doesn't exists."}"#)
    }

    @Test(arguments: ["/1.1/classes/_User/558e20cbe4b060308e3eb36c", "/1.1/users/558e20cbe4b060308e3eb36c"])
    func fetch_ofUnknownUser_is400With211(path: String) throws {
        let response = try client.get(path)
        #expect(response.status == 400)
        #expect(response.text == #"{"code":211,"error":"Could not find user."}"#)
    }

    @Test func fetch_withReturnACL_addsTheACL_defaultWhenNoneWasSet() throws {
        let id = try client.create("Post", [:])
        #expect(try client.fetch("Post", id, query: "returnACL=true")["ACL"] == ["*": ["read": true, "write": true]])
        #expect(try client.fetch("Post", id)["ACL"] == nil)
    }

    @Test(arguments: [
        ("keys=title", ["title", "createdAt", "updatedAt", "objectId"]),
        ("keys=title,body", ["title", "body", "createdAt", "updatedAt", "objectId"]),
        ("keys=-body", ["title", "meta", "createdAt", "updatedAt", "objectId"]),
        ("keys=title,-createdAt,-objectId", ["title", "updatedAt"]),
        ("keys=meta.a", ["meta", "createdAt", "updatedAt", "objectId"]),
        ("keys=nothing", ["createdAt", "updatedAt", "objectId"]),
    ] as [(String, [String])])
    func fetch_withKeys_projects(query: String, keys: [String]) throws {
        let id = try client.create("Post", ["title": "t", "body": "b", "meta": ["a": 1, "b": 2]])
        let object = try client.fetch("Post", id, query: query)
        #expect(object.objectValue?.keys == keys)
        if query == "keys=meta.a" { #expect(object["meta"] == ["a": 1]) }
    }

    @Test func fetch_withKeysExcludingANestedMember_keepsTheRest() throws {
        let id = try client.create("Post", ["meta": ["a": 1, "b": 2]])
        #expect(try client.fetch("Post", id, query: "keys=-meta.b")["meta"] == ["a": 1])
    }

    @Test func fetch_withInclude_expandsPointersKeepingPointerType() throws {
        emulator.emulator.clock.set(milliseconds: 1_435_541_975_931)
        let author = try client.create("Author", ["name": "Ann"])
        let post = try client.create("Post", ["author": ["__type": "Pointer", "className": "Author", "objectId": .string(author)]])
        let object = try client.fetch("Post", post, query: "include=author")
        let date = "2015-06-29T01:39:35.931Z"
        #expect(object["author"]?.jsonString ==
            #"{"__type":"Pointer","className":"Author","objectId":"\#(author)","name":"Ann","createdAt":"\#(date)","updatedAt":"\#(date)"}"#)
        #expect(try client.fetch("Post", post)["author"]?.objectValue?.count == 3)
    }

    @Test func fetch_withNestedInclude_expandsEveryLevel_andArraysOfPointers() throws {
        let user = try client.create("Person", ["name": "Bo"])
        let comment = try client.create("Comment", ["by": pointer("Person", user), "text": "hi"])
        let post = try client.create("Post", ["comments": [pointer("Comment", comment), pointer("Comment", "000000000000000000000000")]])
        let object = try client.fetch("Post", post, query: "include=comments.by")
        let comments = try #require(object["comments"]?.arrayValue)
        #expect(comments[0]["text"] == "hi")
        #expect(comments[0]["by"]?["name"] == "Bo")
        #expect(comments[0]["by"]?["__type"] == "Pointer")
        #expect(comments[1] == pointer("Comment", "000000000000000000000000"))  // missing target stays bare
    }

    /// Each include path walks the object again, so repeats count once and past
    /// `RenderOptions.maxIncludePaths` distinct ones the request is refused, fetch or query.
    @Test func include_repeatsCountOnce_andTooManyPathsAreRefused() throws {
        let author = try client.create("Author", ["name": "Ann"])
        let post = try client.create("Post", ["author": pointer("Author", author)])
        let repeated = Array(repeating: "author", count: 1_000).joined(separator: ",")
        #expect(try client.fetch("Post", post, query: "include=" + repeated)["author"]?["name"] == "Ann")
        let fifty = (0..<49).map { "f\($0)" }.joined(separator: ",") + ",author"
        #expect(try client.fetch("Post", post, query: "include=" + fifty)["author"]?["name"] == "Ann")
        let options = try RenderOptions(parameter: { $0 == "include" ? "a, a,b,a.b,a.b" : nil })
        #expect(options.include == [FieldPath("a"), FieldPath("b"), FieldPath("a.b")])
        let tooMany = "include=" + (0..<51).map { "f\($0)" }.joined(separator: ",")
        for path in ["/1.1/classes/Post/\(post)", "/1.1/classes/Post"] {
            let response = try client.get(path + "?" + tooMany)
            #expect(response.status == 400, "\(path)")
            #expect(response.text == #"{"code":1,"error":"Invalid query: include takes at most 50 paths."}"#, "\(path)")
        }
    }

    @Test func fetch_withIncludeAndKeys_projectsIncludedObjects() throws {
        let author = try client.create("Author", ["name": "Ann", "age": 30])
        let post = try client.create("Post", ["author": pointer("Author", author), "title": "t"])
        let object = try client.fetch("Post", post, query: "include=author&keys=author.name,-author.createdAt")
        #expect(object["title"] == nil)
        #expect(object["author"]?.objectValue?.keys == ["__type", "className", "objectId", "name", "updatedAt"])
    }

    @Test func fetch_neverReturnsAUserPassword_evenIncluded() throws {
        let user = try client.post("/1.1/users", json: ["username": "u", "password": "secret"])
        let id = try #require(user.json?["objectId"]?.stringValue)
        let fetched = try client.get("/1.1/users/\(id)")
        #expect(fetched.json?["username"] == "u")
        #expect(fetched.json?["password"] == nil)
        let post = try client.create("Post", ["owner": pointer("_User", id)])
        let included = try client.fetch("Post", post, query: "include=owner")
        #expect(included["owner"]?["username"] == "u")
        #expect(included["owner"]?["password"] == nil)
    }

    @Test func fetch_ofRelationField_isTheRelationReadForm() throws {
        let member = try client.create("Person", [:])
        let id = try client.create("Team", ["members": ["__op": "AddRelation", "objects": [pointer("Person", member)]]])
        #expect(try client.fetch("Team", id)["members"] == ["__type": "Relation", "className": "Person"])
    }
}
