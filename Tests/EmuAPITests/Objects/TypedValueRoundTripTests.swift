import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct TypedValueRoundTripTests {
    let emulator: TestServer
    let client: TestClient
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
    }

    /// Values that come back exactly as written.
    static let exact: [JSON] = [
        "text", "", "日本語 ✓", 0, -1.5, 1_435_541_999, 9_007_199_254_740_991, true, false, .null,
        [1, "a", nil, ["x": 1]], ["nested": ["deeper": [1, 2]], "__not_type": 1],
        ["__type": "Date", "iso": "2015-06-21T18:02:52.249Z"],
        ["__type": "Bytes", "base64": "aGVsbG8gd29ybGQ="], ["__type": "Bytes", "base64": ""],
        ["__type": "Pointer", "className": "Post", "objectId": "55a39634e4b0ed48f0c1845c"],
        ["__type": "Pointer", "className": "_User", "objectId": "55a39634e4b0ed48f0c1845c"],
        ["__type": "GeoPoint", "latitude": 39.9, "longitude": 116.4],
        ["__type": "GeoPoint", "latitude": -90, "longitude": 180],
        ["__type": "Relation", "className": "_User"],
        [["__type": "Date", "iso": "2015-06-21T18:02:52.249Z"], ["__type": "Pointer", "className": "A", "objectId": "1"]],
    ]

    @Test(arguments: exact)
    func value_roundTripsExactly(value: JSON) throws {
        let id = try client.create("Thing", ["v": value])
        let object = try client.fetch("Thing", id)
        #expect(object["v"] == value)
        #expect(object["v"]?.jsonString == value.jsonString)  // same key order too
    }

    /// Values stored in a canonical form.
    static let canonical: [(JSON, JSON)] = [
        (["__type": "Date", "iso": "2015-06-22T02:02:52.249+08:00"], ["__type": "Date", "iso": "2015-06-21T18:02:52.249Z"]),
        (["__type": "Date", "iso": "2015-06-21T18:02:52Z"], ["__type": "Date", "iso": "2015-06-21T18:02:52.000Z"]),
        (["iso": "2015-06-21T18:02:52.2Z", "__type": "Date"], ["__type": "Date", "iso": "2015-06-21T18:02:52.200Z"]),
        (["__type": "Pointer", "className": "Post", "objectId": "1", "title": "expanded"],
         ["__type": "Pointer", "className": "Post", "objectId": "1"]),
        (["__type": "Object", "className": "Post", "objectId": "1", "title": "x"],
         ["__type": "Pointer", "className": "Post", "objectId": "1"]),
        (["__type": "File", "id": "543cbaede4b07db196f50f3c"], ["__type": "File", "objectId": "543cbaede4b07db196f50f3c"]),
        (["__type": "File", "id": "f1", "name": "a.png", "url": "http://x/a.png"],
         ["__type": "File", "objectId": "f1", "name": "a.png", "url": "http://x/a.png"]),
        (["__type": "Pointer", "className": "_File", "objectId": "f1"], ["__type": "File", "objectId": "f1"]),
        (["__type": "File", "url": "http://x/a.png"], ["__type": "File", "url": "http://x/a.png"]),
    ]

    @Test(arguments: canonical)
    func value_isStoredInCanonicalForm(written: JSON, read: JSON) throws {
        let id = try client.create("Thing", ["v": written])
        #expect(try client.fetch("Thing", id)["v"]?.jsonString == read.jsonString)
    }

    @Test func file_readsBackFromItsFileObject() throws {
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let fileId = "543cbaede4b07db196f50f3c"
        try app.database.write { db in
            try ObjectStore.insert(ObjectRecord(
                className: "_File", objectId: fileId, createdAt: LCDate(millisecondsSince1970: 0),
                updatedAt: LCDate(millisecondsSince1970: 0), acl: nil,
                fields: ["name": "a.png", "url": "http://files/a.png", "mime_type": "image/png", "key": "k/a.png",
                         "metaData": ["size": 3], "size": 3]), in: db)
        }
        for form in [["__type": "File", "id": .string(fileId)], pointer("_File", fileId)] as [JSON] {
            let id = try client.create("Thing", ["v": form, "list": [form]])
            let object = try client.fetch("Thing", id)
            let expected = #"{"__type":"File","objectId":"\#(fileId)","name":"a.png","url":"http://files/a.png","mime_type":"image/png","key":"k/a.png","metaData":{"size":3},"size":3,"createdAt":"1970-01-01T00:00:00.000Z","updatedAt":"1970-01-01T00:00:00.000Z"}"#
            #expect(object["v"]?.jsonString == expected)
            #expect(object["list"]?[0]?.jsonString == expected)
        }
    }

    static let invalid: [(JSON, Int)] = [
        (["__type": "Date", "iso": "yesterday"], 111), (["__type": "Date"], 111), (["__type": "Date", "iso": "2015-02-30T00:00:00Z"], 111),
        (["__type": "Bytes", "base64": "not base64!"], 111), (["__type": "Bytes"], 111),
        (["__type": "Pointer", "className": "Post"], 106), (["__type": "Pointer", "objectId": "1"], 106),
        (["__type": "Pointer", "className": "Bad-Name", "objectId": "1"], 106), (["__type": "Pointer", "className": "Post", "objectId": 1], 106),
        (["__type": "GeoPoint", "latitude": 91, "longitude": 0], 302), (["__type": "GeoPoint", "latitude": 0, "longitude": -181], 302),
        (["__type": "GeoPoint", "latitude": "1", "longitude": 0], 302),
        (["__type": "File"], 111), (["__type": "File", "name": "a.png"], 111),
        (["__type": "Relation"], 111), (["__type": "Whatever"], 111), (["__type": 5], 111),
        ([["__type": "Relation", "className": "A"]], 111),
        (["nested": ["__op": "Increment", "amount": 1]], 1),
    ]

    @Test(arguments: invalid)
    func invalidValue_isRefusedWithItsCode(value: JSON, code: Int) throws {
        let response = try client.post("/1.1/classes/Thing", json: ["v": value])
        #expect(response.status == 400)
        #expect(errorCode(response) == code, "\(response.text)")
    }

    @Test func geoPointError_hasTheTableMessage() throws {
        let response = try client.post("/1.1/classes/Thing", json: ["v": ["__type": "GeoPoint", "latitude": 91, "longitude": 0]])
        #expect(response.text == #"{"code":302,"error":"Invalid GeoPoint values."}"#)
    }
}
