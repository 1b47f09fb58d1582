import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// A fetch copies the stored object into its answer when it can (`ObjectRenderer.appendRow`, in ObjectRenderer+Rows.swift).
/// `include` of a field no object has makes the same fetch take the long way (decode, render,
/// serialize) without changing what it shows: the two answers must be the same bytes, for every
/// kind of value, every caller and `returnACL`.
@Suite struct FetchAgreementTests {
    let emulator: TestServer
    let client: TestClient
    let master: TestClient

    init() throws {
        emulator = try TestServer.start { $0.apps[0].options.returnACL = true }
        client = emulator.inProcessClient()
        master = emulator.inProcessClient(credentials: .masterKey)
    }

    static let bodies: [JSON] = [
        [:],
        ["title": "plain", "n": 1, "x": 1.5, "big": 1e21, "tiny": .number(.leastNonzeroMagnitude), "neg": -0.0, "yes": true, "none": nil],
        ["text": "quotes \" backslash \\ slash / tab \t newline \n nul \u{0} bell \u{7} é 中文 😀 \u{2028}"],
        ["list": [1, "two", [3, [4]], ["k": "v"], nil], "nested": ["a": ["b": ["c": [1, 2]]], "": "empty key"]],
        ["when": ["__type": "Date", "iso": "2015-06-29T01:39:35.931Z"], "where": ["__type": "GeoPoint", "latitude": 39.9, "longitude": 116.4]],
        ["bytes": ["__type": "Bytes", "base64": "aGVsbG8="], "ref": ["__type": "Pointer", "className": "Other", "objectId": "5f3a00000000000000000001"]],
        ["ACL": ["*": ["read": true], "role:admin": ["write": true]], "title": "with an ACL"],
        ["createdAtText": "a field named like a server one is not", "objectIdish": 1],
    ]

    @Test(arguments: bodies.indices)
    func theCopiedAnswer_equalsTheRenderedOne(index: Int) throws {
        let id = try master.create("Thing", Self.bodies[index])
        for caller in [client, master] {
            for query in ["", "?returnACL=true"] {
                let copied = try caller.get("/1.1/classes/Thing/\(id)\(query)")
                let rendered = try caller.get("/1.1/classes/Thing/\(id)\(query.isEmpty ? "?" : query + "&")include=zzz")
                #expect(copied.status == 200)
                #expect(copied.text == rendered.text, "\(query)")
            }
        }
    }

    @Test func anObjectTheACLHides_isRefusedTheSameWay() throws {
        let id = try master.create("Thing", ["ACL": ["role:admin": ["read": true]], "secret": 1])
        let copied = try client.get("/1.1/classes/Thing/\(id)")
        let rendered = try client.get("/1.1/classes/Thing/\(id)?include=zzz")
        #expect(copied.status == 403 && rendered.status == 403)
        #expect(copied.text == rendered.text)
        #expect(try master.get("/1.1/classes/Thing/\(id)").json?["secret"] == 1)
    }
}
