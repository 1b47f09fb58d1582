import LCWire

/// The hostile inputs the robustness tests send to every route: bodies, field values, path
/// captures and query strings. Each has a name so a failure says which input broke what.
enum BadInput {
    /// A named raw body.
    struct Body: Sendable, CustomStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// True when no route that reads a JSON body may accept it (malformed or not an object).
        let isInvalidJSON: Bool
        var description: String { name }
    }

    static func body(_ name: String, _ text: String, invalid: Bool = false) -> Body {
        Body(name: name, bytes: Array(text.utf8), isInvalidJSON: invalid)
    }

    /// Fixed bodies: empty, malformed, JSON of the wrong shape, invalid UTF-8, NUL bytes.
    static let bodies: [Body] = [
        body("empty", ""),
        body("malformed", #"{"a":"#, invalid: true),
        body("trailing garbage", #"{"a":1} x"#, invalid: true),
        body("bare word", "hello", invalid: true),
        body("array", "[1,2,3]", invalid: true),
        body("number", "42", invalid: true),
        body("string", #""text""#, invalid: true),
        body("null", "null", invalid: true),
        body("true", "true", invalid: true),
        // Invalid UTF-8 inside a string, a lone surrogate, a number out of range: refused (107), never
        // stored as U+FFFD or null.
        Body(name: "invalid UTF-8", bytes: [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0xC0, 0x22, 0x7D], isInvalidJSON: true),
        body("lone surrogate", #"{"a":"\ud800"}"#, invalid: true),
        Body(name: "raw invalid bytes", bytes: [0xFF, 0x00, 0xFE, 0x80], isInvalidJSON: true),
        body("NUL in string", "{\"username\":\"a\\u0000b\",\"password\":\"p\\u0000\",\"title\":\"\\u0000\"}"),
        body("too deep", String(repeating: "[", count: 600) + String(repeating: "]", count: 600), invalid: true),
        body("deep object", #"{"a":"# + String(repeating: #"{"b":"#, count: 400) + "1" + String(repeating: "}", count: 401)),
        body("huge number", #"{"limit":1e400,"skip":-1,"n":-0}"#, invalid: true),
        body("big numbers", #"{"limit":1e308,"skip":-1e308,"ttl":1e308,"n":-0}"#),
        body("duplicate keys", #"{"a":1,"a":"x","username":"u","username":{}}"#),
    ]

    /// Field names the handlers read, across every family.
    static let fieldNames = [
        "username", "password", "email", "mobilePhoneNumber", "smsCode", "authData", "ACL", "objectId",
        "createdAt", "updatedAt", "sessionToken", "where", "requests", "name", "url", "metaData", "base64",
        "mime_type", "key", "token", "result", "ttl", "validate_token", "captcha_code", "captcha_token",
        "captcha_id", "old_password", "new_password", "template", "sign", "op", "milliseconds", "iso", "at",
        "to", "kind", "purpose", "title", "author", "likes", "tags", "emailVerified", "code", "method", "path",
        "body", "params", "bql", "cql", "pvalues", "limit", "skip", "order", "keys", "include", "count",
    ]

    /// Values of the wrong type or hostile shape for any field.
    static let wrongValues: [(name: String, value: JSON)] = [
        ("number", 12345.5),
        ("negative", -1),
        ("object", ["x": 1]),
        ("array", [1, "a", .null]),
        ("bool", true),
        ("null", .null),
        ("empty string", ""),
        ("long string", .string(String(repeating: "ž", count: 3_000))),
        ("NUL string", "a\u{0}b"),
        ("deep", deep(64)),
        ("op garbage", ["__op": "Explode", "amount": "x", "objects": 3]),
        ("op wrong args", ["__op": "Increment", "amount": "ten"]),
        ("op add non-array", ["__op": "AddUnique", "objects": ["a": 1]]),
        ("op relation junk", ["__op": "AddRelation", "objects": [1, ["__type": "Pointer"]]]),
        ("op batch junk", ["__op": "Batch", "ops": [["__op": "Delete"], 5]]),
        ("type garbage", ["__type": "Spaceship"]),
        ("type number", ["__type": 7]),
        ("pointer junk", ["__type": "Pointer", "className": 5, "objectId": ["a"]]),
        ("pointer bad class", ["__type": "Pointer", "className": "a b/../c", "objectId": "x"]),
        ("date junk", ["__type": "Date", "iso": "yesterday"]),
        ("date number", ["__type": "Date", "iso": 5]),
        ("geo junk", ["__type": "GeoPoint", "latitude": 500, "longitude": "e"]),
        ("bytes junk", ["__type": "Bytes", "base64": "!!!"]),
        ("file junk", ["__type": "File", "id": 3]),
        ("relation junk", ["__type": "Relation", "className": ["x"]]),
    ]

    /// One field holding 300 KB of text: every route, one field at a time would be slow,
    /// so a few fields that handlers index, hash or match on.
    static let hugeFieldNames = ["username", "password", "where"]
    static let hugeString = JSON.string(String(repeating: "ž", count: 150_000))

    /// Form bodies for the form-encoded families (`/api`, `/oauth`, `/__auth`).
    static let formBodies: [Body] = [
        body("form junk", "%%%=&&==&%FF%FE=%00"),
        body("form repeated", "email=a&email=b&password=&password=x&grant_type=password&grant_type=refresh_token"),
        body("form odd names", "username[]=x&password[a]=y&j_captcha=%00&code=%E2%80%AE&refresh_token=%FF"),
        body("form huge", "email=" + String(repeating: "a", count: 300_000) + "&password=" + String(repeating: "%FF", count: 1000)),
        body("form NUL", "email=a%00b&password=p%00&grant_type=pass%00word&username=%00"),
    ]

    static func deep(_ depth: Int) -> JSON {
        var value: JSON = 1
        for _ in 0..<depth { value = ["d": value] }
        return value
    }

    /// A body object that gives every known field the same wrong value.
    static func wrongFields(_ value: JSON) -> Body {
        var object = JSONObject()
        for field in fieldNames { object[field] = value }
        return Body(name: "fields", bytes: JSON.object(object).serialized(), isInvalidJSON: false)
    }

    /// Junk for path captures, percent-encoded as a client would send it.
    static let captures = [
        "nothere000000000000000000", "%00", "%FF%FE", "..%2F..%2Fetc", "a%20b", "%E2%80%AE", "_Unknown",
        "1abc", String(repeating: "x", count: 2000), "%25", "Post%3Bdrop", "__proto__",
    ]

    /// `where` values no query may accept: not JSON, or an operator that does not exist.
    static let invalidWheres = [
        "where=%7Bnope", #"where=%7B%22a%22%3A%7B%22%24bogus%22%3A1%7D%7D"#, #"where=%7B%22a%22%3A%7B%22%24regex%22%3A%22(%22%7D%7D"#,
        "where=" + String(repeating: "%5B", count: 600),
    ]

    /// Query strings that are garbage for every query-reading route.
    static let queries = [
        "where=%7Bnope", "where=5", "where=%5B%5D", "where=null", #"where=%7B%22a%22%3A%7B%22%24regex%22%3A%22(%22%7D%7D"#,
        #"where=%7B%22a%22%3A%7B%22%24bogus%22%3A1%7D%7D"#, #"where=%7B%22%24or%22%3A5%7D"#,
        #"where=%7B%22a%22%3A%7B%22%24in%22%3A7%7D%7D"#, #"where=%7B%22a%22%3A%7B%22%24nearSphere%22%3A%22x%22%7D%7D"#,
        #"where=%7B%22a%22%3A%7B%22%24inQuery%22%3A%7B%22className%22%3A5%7D%7D%7D"#,
        #"where=%7B%22a%22%3A%7B%22%24select%22%3A%7B%22query%22%3A1%7D%7D%7D"#,
        #"where=%7B%22a%22%3A%7B%22%24relatedTo%22%3A1%7D%7D"#, #"where=%7B%22%24relatedTo%22%3A%7B%22object%22%3A3%7D%7D"#,
        "order=", "order=,,,-", "order=%00", "order=-" + String(repeating: "a.", count: 300),
        "keys=", "keys=,,", "keys=a..b", "keys=%FF", "include=", "include=a.b.c.d.e.f.g.h", "include=%00,,",
        "limit=abc", "limit=-5", "limit=99999999999999999999", "limit=1e3", "skip=-1", "skip=1e400", "skip=x",
        "count=yes", "count=-1", "session_token=garbage", "session_token=", "session_token=%00%FF",
        "cql=select", "cql=%00", "cql=select%20*%20from%20Post%20where%20(((((", "pvalues=%5B", "pvalues=5",
        "appId=nope", "appId=%00", "cursor=%%%", "scan_key=%FF", "username=%00&password=", "to=5&limit=-1",
        "a=%", "%=%", "==&&==", "where=" + String(repeating: "%5B", count: 600),
    ]
}
