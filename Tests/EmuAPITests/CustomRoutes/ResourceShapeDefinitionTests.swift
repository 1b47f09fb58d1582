@testable import EmuTools
import Foundation
import LCWire
import Testing

/// The parts of a resource's shape on their own: date formats both ways, the definitions a
/// resource refuses at load (naming the field), and the example apps' resources.
@Suite struct ResourceShapeDefinitionTests {
    static let instant = LCDate(iso: "2026-11-01T16:05:09.042Z")!

    @Test(arguments: [
        ("iso", nil, JSON.string("2026-11-01T16:05:09.042Z")),
        ("ms", nil, JSON.number(1_793_549_109_042)),
        ("s", nil, JSON.number(1_793_549_109)),
        ("yyyy-MM-dd HH:mm:ss", "+08:00", JSON.string("2026-11-02 00:05:09")),
        ("yyyy-MM-dd HH:mm:ss.SSS", nil, JSON.string("2026-11-01 16:05:09.042")),
        ("yyyy-MM-dd'T'HH:mm", "-05:30", JSON.string("2026-11-01T10:35")),
        ("dd/MM/yyyy", "+08:00", JSON.string("02/11/2026")),
    ] as [(String, String?, JSON)])
    func aDateFormat_rendersAndParsesBack(format: String, timeZone: String?, shown: JSON) throws {
        let dateFormat = try ResourceDateFormat(format: format, timeZone: timeZone)
        #expect(dateFormat.render(Self.instant) == shown)
        let parsed = try #require(dateFormat.parse(shown))
        // A pattern keeps what it shows: the parsed instant renders the same text.
        #expect(dateFormat.render(parsed) == shown)
        #expect(dateFormat.parse(Self.instant.json) == Self.instant)
    }

    @Test func aFormsTextOfMillisecondsParses_andTextOfAnotherShapeDoesNot() throws {
        #expect(try ResourceDateFormat(format: "ms", timeZone: nil).parse("1793549109042") == Self.instant)
        let pattern = try ResourceDateFormat(format: "yyyy-MM-dd HH:mm:ss", timeZone: "+08:00")
        for text in ["2026-11-02 00:05", "2026-11-02T00:05:09", "2026-13-02 00:05:09", "2026-11-02 00:05:09 ", "abcd-11-02 00:05:09"] {
            #expect(pattern.parse(.string(text)) == nil, "\(text)")
        }
        #expect(pattern.parse(.number(1)) == nil)
    }

    @Test(arguments: ["yyyy-MM-dd hh:mm", "MM-dd", "yyyy-MM-dd 'T", "iso8601"])
    func aPatternWithUnknownLettersOrWithoutADay_isRefused(format: String) {
        #expect(throws: RouteDefinitionError.self) { try ResourceDateFormat(format: format, timeZone: nil) }
    }

    @Test(arguments: ["+8", "08:00", "+15:00", "CST"])
    func aTimeZoneOtherThanZOrAnOffset_isRefused(zone: String) {
        #expect(throws: RouteDefinitionError.self) { try ResourceDateFormat(format: "yyyy-MM-dd", timeZone: zone) }
    }

    // MARK: refusals

    @Test(arguments: [
        (["item": ["envelope": ["n": "{{totalPage}}"]]], "item.envelope.n: {{totalPage}} is a list's only"),
        (["deleted": ["status": 99]], "deleted.status: expected an integer in 100...599"),
        (["id": ["field": "pin_id", "auto": true]], "id.auto: only an integer id is numbered"),
        (["id": ["field": "pin"], "fields": ["pin_id": "integer"]], "id.field: 'pin' is not one of \"fields\""),
        (["id": ["field": "pin_id", "type": "integer"], "fields": ["pin_id": "string"]], "id.type: 'pin_id' is declared string in \"fields\""),
        (["fields": ["n": "float"]], "fields.n: expected a type"),
        (["fields": ["at": ["store": "createdAt", "writable": true]]], "fields.at.writable: createdAt is set by the store, never written"),
        (["fields": ["n": ["type": "integer", "format": "ms"]]], "fields.n.format: only a date field has a format"),
        (["fields": ["a": ["store": "x"], "b": ["store": "x"]]], "fields.b: stored as 'x', which field 'a' is stored as already"),
        (["fields": ["n": "integer"], "fieldTypes": ["n": "number"]], "fieldTypes: give \"fields\" (with types) or \"fieldTypes\", not both"),
        (["fields": ["n": ["type": "integer", "default": "{{nope}}"]]], "fields.n.default: {{nope}} names nothing"),
        (["filters": ["s": ["type": "date"]]], "filters.s.type: expected integer, number, string or boolean"),
        (["filters": ["s": ["op": "contains", "type": "integer"]]], "filters.s.op: contains compares text"),
        (["filters": ["s": ["all": [["x": 1]]]]], "filters.s.all: expected an array"),
        (["paging": ["page": "p", "size": "n", "default": 200, "max": 100]], "paging.default: expected an integer in 0...100"),
        (["paging": ["limit": "l", "firstPage": 0]], "paging.firstPage: only page paging has pages"),
        (["where": ["owner": "{{request.path.owner}}"]], "where.owner: {{request.path.owner}} names no path capture"),
        (["parent": ["capture": "pin"]], "parent.capture: required: one of the path's captures"),
    ] as [(JSONObject, String)])
    func aBadShape_isRefusedAtLoad_namingTheField(extra: JSONObject, message: String) {
        var resource: JSONObject = ["path": "/things", "class": "Thing"]
        for (key, value) in extra { resource[key] = value }
        do {
            _ = try ResourceSpec(json: .object(resource))
            Issue.record("accepted \(extra)")
        } catch let error as RouteDefinitionError {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        } catch {
            Issue.record("\(error)")
        }
    }

    // MARK: the example apps

    /// Every resource of the example apps parses with the shape keys; `auth` and `actions` are
    /// the route engine's (left out here), and so are `{{caller.…}}` placeholders.
    @Test func theExampleAppsResources_parse() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let files = ["merchant-feedback/routes/01-feedback.json", "merchant-feedback/routes/02-news.json",
                     "huaban-oauth/routes/huaban.json", "coding-captcha/routes/projects.json"]
        var parsed: [String] = []
        for file in files {
            let text = try Data(contentsOf: root.appendingPathComponent("examples/apps/\(file)"))
            for route in try JSONParser.parse(Array(text)).arrayValue ?? [] {
                guard var resource = route["resource"]?.objectValue, let id = route["id"]?.stringValue else { continue }
                resource["auth"] = nil
                resource["actions"] = nil
                do {
                    _ = try ResourceSpec(json: .object(resource))
                    parsed.append(id)
                } catch let error as RouteDefinitionError {
                    #expect(error.reason.contains("{{caller."), "\(file) \(id): \(error.field): \(error.reason)")
                }
            }
        }
        #expect(parsed.sorted() == ["feedback", "news", "pins"])
    }
}
