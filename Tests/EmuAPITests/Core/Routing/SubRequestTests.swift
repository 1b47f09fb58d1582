@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import LCWire
import Testing

@Suite struct SubRequestTests {
    @Test(arguments: [
        ("/1.1/classes/Post/abc", "/1.1/classes/Post/abc"),
        ("/classes/Post", "/1.1/classes/Post"),
        ("classes/Post", "/1.1/classes/Post"),
        ("/1.1/files/a%20b+c.png", "/1.1/files/a b+c.png"),
        ("/__admin/reset", "/1.1/__admin/reset"),
    ])
    func path_isNormalisedToTheVersionedForm(given: String, expected: String) {
        #expect(SubRequest(method: "GET", path: given).path == expected)
    }

    @Test func query_comesFromThePathThenTheParams() {
        let target = SubRequest(method: "GET", path: "/1.1/classes/Post?keys=a%2Cb&x=1+2",
                                query: [("where", #"{"a":1}"#)])
        #expect(target.query.map(\.name) == ["keys", "x", "where"])
        #expect(target.query.map(\.value) == ["a,b", "1 2", #"{"a":1}"#])
        #expect(target.target == "/1.1/classes/Post?keys=a%2Cb&x=1%202&where=%7B%22a%22%3A1%7D")
    }

    @Test func batchPaths_areRecognised() {
        #expect(SubRequest(method: "POST", path: "/1.1/batch").isBatch)
        #expect(SubRequest(method: "POST", path: "/batch/save").isBatch)
        #expect(!SubRequest(method: "POST", path: "/1.1/classes/batch").isBatch)
    }

    @Test func commaJoinedIds_splitOnlyForDelete() throws {
        let delete = try BatchOperation(json: ["method": "delete", "path": "/1.1/classes/Post/a, b,,c?where=x"], index: 0)
        #expect(delete.commaSeparatedPaths == ["/1.1/classes/Post/a?where=x", "/1.1/classes/Post/b?where=x", "/1.1/classes/Post/c?where=x"])
        #expect(try BatchOperation(json: ["method": "GET", "path": "/1.1/classes/Post/a,b"], index: 0).commaSeparatedPaths == nil)
        #expect(try BatchOperation(json: ["method": "DELETE", "path": "/1.1/classes/Post/a"], index: 0).commaSeparatedPaths == nil)
    }

    @Test func queryValues_keepStrings_andWriteOtherValuesAsJSON() {
        let object: JSONObject = ["s": "x y", "n": 1.5, "b": false, "o": ["a": [1]], "z": nil]
        #expect(QueryString.parameters(object).map(\.value) == ["x y", "1.5", "false", #"{"a":[1]}"#])
    }

    @Test func classNameOfPath_followsTheAliases() {
        #expect(BatchSavePlan.className(ofPath: "/1.1/classes/Post") == "Post")
        #expect(BatchSavePlan.className(ofPath: "/1.1/users") == "_User")
        #expect(BatchSavePlan.className(ofPath: "/1.1/files") == "_File")
        #expect(BatchSavePlan.className(ofPath: "/1.1/date") == nil)
    }
}
