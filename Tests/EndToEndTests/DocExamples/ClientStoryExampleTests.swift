import EmuTesting
import Foundation
import LCClient
import Testing

/// docs/client.md's typed model and user stories 1–4, verbatim, run against a live emulator.
enum ClientDocExample {
    struct Post: LCModel {
        static let className = "Post"
        static let fieldNames = ["postId": "objectId", "summary": "desc"]
        var postId: String?
        var title: String
        var summary: String?
        var body: String?
        var tags: [String]?
        var likes: Int?
        var cover: LCFile?
        var createdAt: Date?
    }
}

extension ClientDocExample {
    struct StoryTests {
        @Test func typedModels_saveFetchUpdateDelete() async throws {
            let emulator = try await Emulator.start()
            let app = emulator.application
            let saved = try await app.save(Post(title: "Hello"))            // saved.postId is set
            let same = try await app.fetch(Post.self, id: saved.postId!)
            let liked = try await app.update(saved, ["likes": .increment(1)])
            try await app.delete(saved)
            #expect(same.title == "Hello")
            #expect(liked.likes == 1)
            await #expect(throws: LCError.self) { try await app.fetch(Post.self, id: saved.postId!) }
        }

        @Test func story1_theBlogApp() async throws {
            let emulator = try await Emulator.start(seeded: true)
            let app = emulator.application
            try await LCUser.logIn(username: "testuser", password: "lcemu-test-password", using: .legacyGet, in: app)
            let post = try await app.fetch(Post.self, id: "65a1f0c0e4b0a1d2c3f50028")
            app.logOut()
            // the same fetch now throws LCError with httpStatus 403 ("Forbidden reading by object's ACL.")
            #expect(post.title.hasPrefix("[Members]"))
            #expect(post.summary?.isEmpty == false)
            #expect(post.tags?.isEmpty == false)
            let error = await #expect(throws: LCError.self) { try await app.fetch(Post.self, id: "65a1f0c0e4b0a1d2c3f50028") }
            #expect(error?.httpStatus == 403)
            #expect(error?.message == "Forbidden reading by object's ACL.")
        }

        @Test func story2_theCookieSessionCaptchaLogIn() async throws {
            let emulator = try await Emulator.start(seeded: true, appOptions: ["webLoginCaptchaThreshold": 0])   // always
            let serverURL = emulator.baseURL
            let codeFromSMS = "unused: no two-factor step here"
            func askTheUser(_ png: Data) async throws -> String {   // the answer, from the outbox
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                return try #require(try await emulator.outbox.messages(kind: "captcha").first?.code)
            }
            let web = LCWebSession(baseURL: serverURL, appId: "lcemu-dev-app-id")   // establishesSession: true by default
            var captcha: String?
            if try await web.captchaRequired() {                // this call creates the `sid` session
                let png = try await web.captchaImage()          // show it; the user types the answer
                captcha = try await askTheUser(png)
            }
            do {
                try await web.logIn(account: "testuser", password: "lcemu-test-password", rememberMe: true, captcha: captcha)
            } catch let error as LCWebError where error.needsTwoFactor {
                try await web.verifyTwoFactor(code: codeFromSMS)
            }
            let me = try await web.currentUser()
            // With establishesSession: false and no captchaRequired() call first, logIn succeeds
            // but currentUser() throws LCWebError.isNotLoggedIn (1000 user_not_login).
            #expect(captcha != nil)
            #expect(me["username"] == "testuser")
        }

        @Test func story3_sessionExpiryWithReauthentication() async throws {
            let emulator = try await Emulator.start(seeded: true, appOptions: ["sessionLifetime": 3600])
            let base = emulator.application
            let (name, keychainPassword, id) = ("testuser", "lcemu-test-password", "65a1f0c0e4b0a1d2c3f50028")
            try await LCUser.logIn(username: name, password: keychainPassword, in: base)
            let expired = base.currentUser?.sessionToken

            let app = base.withReauthentication(LCReauthentication { app in
                try await LCUser.logIn(username: name, password: keychainPassword, in: app)
            })
            emulator.clock.advance(by: .seconds(3601))          // in a test: past `sessionLifetime`
            let post = try await app.fetch(Post.self, id: id)   // fails, logs in again, retried: succeeds
            #expect(post.title.hasPrefix("[Members]"))
            #expect(app.currentUser?.sessionToken != expired)
        }

        @Test func story4_parallelRequestsAndCancellation() async throws {
            let emulator = try await Emulator.start()
            let app = emulator.application
            async let a = app.save(Post(title: "one"))
            async let b = app.save(Post(title: "two"))
            async let n = LCQuery(Post.self).count(in: app)
            let (first, second, count) = try await (a, b, n)

            let task = Task {
                var post = LCObject(className: "Post")
                post.set("title", "maybe never sent")
                try await post.save(in: app)
            }
            task.cancel()   // the HTTP request is cancelled (not sent if it had not left yet); CancellationError
            #expect(first.postId != second.postId)
            #expect((0...2).contains(count))   // the count may run before, between or after the saves
            do {
                try await task.value
            } catch {
                #expect(error is CancellationError)
            }
        }
    }
}
