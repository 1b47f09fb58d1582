import EmuTestSupport
import EmuTesting
import Foundation
import LCWire
import Testing

/// The merchant app's resources as its example declares them (`examples/apps/merchant-feedback`),
/// served by the real binary over its seed: integer ids, "all" values, the app's date pattern,
/// separate list and item envelopes, form noise left out. `auth`/`actions` routes are the route
/// engine's and are not loaded here.
@Suite struct ResourceShapesBinaryTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/apps/merchant-feedback")

    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// The example's resource routes, in a file of their own.
    func resourceRoutes() throws -> String {
        var routes: [JSON] = []
        for file in ["01-feedback.json", "02-news.json"] {
            let text = try Data(contentsOf: Self.example.appendingPathComponent("routes/\(file)"))
            routes += try JSONParser.parse(Array(text)).arrayValue?.filter { $0["resource"] != nil } ?? []
        }
        return try directory.write("routes.json", JSON.array(routes).jsonString)
    }

    @Test func theMerchantResources_answerInTheAppsShape() async throws {
        let routes = try resourceRoutes()
        let seed = Self.example.appendingPathComponent("seed").path
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", ":memory:", "--seed", seed, "--routes", routes])
        let device = server.client(credentials: .none)
        let (all, unread, item, created, news, newsItem) = try await RunningBinary.offThePool {
            (try device.get("/merchant/feedback?dealid=0&labelName=&limit=10&offset=0&poiid=0&readStatus=-1&replyStatus=-1&tick=1795575662406&type=0"),
             try device.get("/merchant/feedback?limit=10&offset=0&readStatus=0&tick=1795575662406"),
             try device.get("/merchant/feedback/2?tick=1795575662406"),
             try device.send("POST", "/merchant/feedback", body: Array("content=hello&type=2&tick=1795575662406".utf8),
                             headers: ["Content-Type": "application/x-www-form-urlencoded"]),
             try device.get("/merchant/news?limit=10&offset=0"),
             try device.get("/merchant/news/N0001"))
        }
        #expect(all.status == 200 && all.json?["code"] == "0" && all.json?["data"]?["total"] == 4)
        #expect(all.json?["data"]?["list"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [4, 3, 2, 1])
        let first = try #require(all.json?["data"]?["list"]?[3]?.objectValue)
        #expect(first["createTime"] == "2026-11-01 16:00:00" && first["objectId"] == nil && first["readStatus"] == 0)
        #expect(all.text.contains(#""id":1,"content":"The app logs me out","type":1"#))
        #expect(unread.json?["data"]?["list"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [3, 1])
        #expect(item.json?["data"]?["id"] == 2 && item.json?["data"]?["reply"] == "Coming in 3.0")
        #expect(item.json?["data"]?["total"] == nil && item.json?["total"] == nil)
        #expect(created.status == 200 && created.json?["id"] == 5 && created.json?["type"] == 2)
        #expect(created.json?["tick"] == nil && created.json?["objectId"] == nil)
        #expect(news.json?["data"]?["total"] == 3)
        let detail = newsItem.json?["data"]?.objectValue?.values.first
        #expect(detail?["docid"] == "N0001" && detail?["ptime"] == "2026-09-25 10:00:00")
    }
}
