import EmuTesting
import Foundation
import LCClient
import Testing

/// The reference sections of docs/client.md, verbatim: run against a live emulator where the
/// snippet can run there (`ClientDocExample.Post` is the doc's model).
extension ClientDocExample {
    /// Stands for whatever an app does with a value (the doc's `show(…)`).
    static func show(_ value: Any) {}

    struct ReferenceTests {
        @Test func pointingItAtLCEmuOrARealApp() {
            // LCEmu on this machine (`swift run lcemu serve`), with the development credentials:
            let app = LCApplication(id: "lcemu-dev-app-id", key: "lcemu-dev-app-key",
                                    serverURL: URL(string: "http://127.0.0.1:3000")!)

            // The same from a string (nil when it is not a URL):
            let local = LCApplication(id: "lcemu-dev-app-id", key: "lcemu-dev-app-key", serverURL: "http://127.0.0.1:3000")!

            // A real LeanCloud app: its API domain from the console (the client never uses the app router).
            let production = LCApplication(id: "<App ID>", key: "<App Key>",
                                           serverURL: URL(string: "https://api.example.com")!)
            #expect(app.serverURL == local.serverURL)
            #expect(production.serverURL.host == "api.example.com")
        }

        @Test func anAppOfATestsOwn_onARunningLCEmu() async throws {
            let emulator = try await Emulator.start(seeded: true) { $0.appsOnDemandPrefix = "demo-" }
            let template = emulator.application
            let mine = try await template.makeApp(seeded: true)   // POST /__admin/apps: an app of this test's own
            var post = LCObject(className: "Post")
            try await post.save(in: mine)                        // the template does not see it
            try await template.dropApp(mine)                     // DELETE /__admin/apps/<appId>: its data goes
            let worker = template.withAppId("demo-gw0")          // lcemu serve --apps-on-demand-prefix demo-: made on first use
            let seeded = try await LCQuery(className: "Post").count(in: template)
            #expect(seeded > 0)
            let gone = await #expect(throws: LCError.self) { try await LCQuery(className: "Post").count(in: mine) }
            #expect(gone?.httpStatus == 401)
            #expect(try await LCQuery(className: "Post").count(in: worker) == 0)   // made empty, by default
            try await LCUser.signUp(username: "ada", password: "secret", in: worker)
            #expect(worker.currentUser != nil && template.currentUser == nil)
        }

        @Test func errors_areMatchedByCode() async throws {
            let emulator = try await Emulator.start()
            let app = emulator.application
            try await LCUser.signUp(username: "tom", password: "right", in: app)
            var shown = false
            func showWrongPassword() { shown = true }
            do {
                try await LCUser.logIn(username: "tom", password: "wrong", in: app)
            } catch let error as LCError where error.code == .usernamePasswordMismatch {
                showWrongPassword()
            }
            #expect(shown)
        }

        @Test func dynamicObjects() async throws {
            let emulator = try await Emulator.start()
            let app = emulator.application
            let user = try await LCUser.signUp(username: "author", password: "pw-123456", in: app)
            var post = LCObject(className: "Post")
            post.set("title", "Hello")                    // String, numbers, Bool, Date, Data, arrays, dictionaries
            post.set("place", LCGeoPoint(latitude: 39.9, longitude: 116.4)!)
            post.set("author", user.pointer)              // Pointer
            post.acl = LCACL.publicReadWrite
            try await post.save(in: app)                  // POST, then PUT for later saves
            post.apply(.increment(1), to: "views")        // every __op: delete, increment, decrement, add,
            post.apply(.addUnique(["swift"]), to: "tags") // addUnique, remove, addRelation, removeRelation,
            try await post.save(in: app, fetchWhenSave: true)  // bitAnd, bitOr, bitXor, batch
            if case .date(let when)? = post.value("publishedAt") { show(when) }   // every __type read back as LCValue
            #expect(post["views"] == 1)
            #expect(post["tags"] == ["swift"])
        }

        @Test func queries_andCQL() async throws {
            let emulator = try await Emulator.start(seeded: true)
            let app = emulator.application.withMasterKey()
            let query = LCQuery(Post.self)                       // or LCQuery(className: "Post")
                .whereKey("likes", .greaterThan(10))
                .whereKey("title", .hasPrefix("Swift"))
                .whereKey("author", .matchesQuery(LCQuery(className: "_User").whereKey("level", .greaterThan(3))))
                .include("author").select("title", "likes").order(by: "-likes").limit(20)

            let page = try await app.find(query, as: Post.self)
            let total = try await query.count(in: app)
            for try await object in query.objects(in: app, pageSize: 100) { show(object) }   // every page, lazily
            for try await post in query.models(as: Post.self, in: app) { show(post) }       // the same, typed
            #expect(page.count == total)   // the seed's authors are strings, not user pointers: none match

            let result = try await LCCQL.execute("select count(*), * from Post where likes > ? order by likes desc limit 10",
                                                 values: [100], in: app)     // result.objects, result.count
            let serverNow = try await app.serverDate()                       // GET /1.1/date
            #expect(result.objects.count <= 10)
            #expect(abs(serverNow.timeIntervalSinceNow) < 3600)
        }

        @Test func batchAndFiles() async throws {
            let emulator = try await Emulator.start()
            let app = emulator.application
            let drafts = [Post(title: "draft one"), Post(title: "draft two")]
            let requests = [LCBatch.Request(method: "GET", path: "/1.1/date")]
            let pngData = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

            let posts = try await app.saveAll(drafts)         // one POST /1.1/batch/save
            try await app.deleteAll(posts)                    // one POST /1.1/batch
            let results = try await LCBatch.send(requests, in: app)   // any sub-requests, per-item Result

            let file = try await LCFile.upload(pngData, name: "cover.png", mimeType: "image/png", in: app)
            // fileTokens → PUT upload_url → fileCallback, as the SDKs do
            let bytes = try await file.download(in: app)
            #expect(posts.allSatisfy { $0.postId != nil })
            #expect(results.count == 1)
            #expect(bytes == pngData)
        }
    }
}
