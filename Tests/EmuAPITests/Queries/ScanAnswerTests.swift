@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuSQLite
import EmuTestSupport
import Foundation
import LCWire
import Testing

/// Scan pages are written row by row, as query pages are (`ScanRoutes.scan`). These tests pin
/// them to the bytes of the tree form: every object of the page `render`ed, the cursor taken
/// from the last record, the whole body serialized at once.
@Suite struct ScanAnswerTests {
    let server: TestServer
    let client: TestClient

    init() throws {
        server = try TestServer.start(.inProcess, seeded: true)
        server.emulator.clock.set(milliseconds: 1_435_541_975_931)
        client = server.inProcessClient(credentials: .masterKey)
    }

    /// The page as the tree form writes it.
    private func treeForm(_ className: String, scanKey: String, descending: Bool, limit: Int, after: JSON?) throws -> [UInt8] {
        let app = try #require(server.emulator.app(server.app.appId))
        let now = app.clock.nowMilliseconds
        return try app.database.read { db in
            let clauses: [JSON] = after.map { [.object(JSONObject([(scanKey, .object([descending ? "$lt" : "$gt": $0]))]))] } ?? []
            let plan = try QueryPlan.make(
                className: className, where: clauses.isEmpty ? nil : .array(clauses),
                order: (descending ? "-" : "") + scanKey, limit: limit, skip: 0,
                scope: .unrestricted, schemaOf: { try QuerySchema.load($0, in: db) })
            let records = try QueryExecutor.records(plan, in: db)
            var body = JSONObject()
            body["results"] = .array(try records.map { .object(try ObjectRenderer().render($0, in: db)) })
            if records.count == limit, let last = records.last?.json()[scanKey] {
                body["cursor"] = .string(ScanCursor.encode(last, expires: now + ScanRoutes.cursorLifetimeMs))
            } else {
                body["cursor"] = .null
            }
            return JSON.object(body).serialized()
        }
    }

    /// Walks `className` page by page; each page's bytes must be the tree form's. Returns the pages.
    @discardableResult
    private func walk(_ className: String, scanKey: String = "objectId", limit: Int) throws -> Int {
        let descending = scanKey.hasPrefix("-")
        let key = descending ? String(scanKey.dropFirst()) : scanKey
        var cursor: String?
        var after: JSON?
        var pages = 0
        repeat {
            let query = "limit=\(limit)&scan_key=\(scanKey)" + (cursor.map { "&cursor=" + escaped($0) } ?? "")
            let response = try client.get("/1.1/scan/classes/\(className)?" + query)
            #expect(response.status == 200)
            let expected = try treeForm(className, scanKey: key, descending: descending, limit: limit, after: after)
            #expect(response.text == String(decoding: expected, as: UTF8.self), "page \(pages) of \(className) by \(scanKey)")
            cursor = response.json?["cursor"]?.stringValue
            after = try cursor.flatMap { try ScanCursor.decode($0, now: server.emulator.clock.nowMilliseconds) }
            pages += 1
        } while cursor != nil && pages < 20
        return pages
    }

    private func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    @Test func seededPosts_byEveryKindOfKey_matchTheTreeForm() throws {
        #expect(try walk("Post", limit: 15) == 3)  // 40 posts: 15, 15, 10
        try walk("Post", scanKey: "-createdAt", limit: 7)
        try walk("Post", scanKey: "views", limit: 8)
        try walk("Post", limit: 40)  // a full last page: one more, empty, page ends the walk
    }

    /// Rows that are rendered rather than copied: `_User` (the password is hidden), a File
    /// reference (resolved from its `_File`), an ACL, pointers, dates and text to escape.
    @Test func renderedRows_matchTheTreeForm() throws {
        let file = try client.post("/1.1/files", json: ["name": "a.txt", "base64": "aGVsbG8="])
        let fileId = try #require(file.json?["objectId"]?.stringValue)
        for n in 0..<5 {
            let created = try client.post("/1.1/classes/Thing", json: [
                "n": .number(Double(n)), "text": .string("quote \" slash \\ line\n é \(n)"),
                "when": ["__type": "Date", "iso": .string("2020-01-0\(n + 1)T00:00:00.000Z")],
                "owner": ["__type": "Pointer", "className": "_User", "objectId": "64b7f0c2e4b0a1d2c3f40001"],
                "attachment": n.isMultiple(of: 2) ? ["__type": "File", "objectId": .string(fileId)] : .null,
                "ACL": ["*": ["read": true]],
            ])
            #expect(created.status == 201)
            _ = try client.post("/1.1/users", json: ["username": .string("scan\(n)"), "password": "secret"])
        }
        try walk("Thing", limit: 2)
        try walk("Thing", scanKey: "-n", limit: 3)
        try walk("_User", limit: 4)
    }
}
