import EmuTestSupport
import EmuTesting
import Foundation
import LCClient
import Testing

/// docs/testing.md's examples and the example of `EmuTesting.Emulator`'s doc comment, verbatim.
enum TestingDocExample {
    struct PostTests {
        @Test func aSavedPost_canBeQueried() async throws {
            let emulator = try await Emulator.start()
            let app = emulator.application            // LCApplication signed with the app key
            var post = LCObject(className: "Post")
            post.set("title", "Hello")
            try await post.save(in: app)
            #expect(try await LCQuery(className: "Post").count(in: app) == 1)
        }
    }

    struct ContributorHarnessTests {
        @Test func oneStartEveryTier() async throws {
            let server = try TestServer.start(.socket, seeded: true) { $0.apps[0].options.returnACL = true }
            let overTheSocket = try server.client(credentials: .masterKey).get("/1.1/classes/Post")
            let inProcess = try server.inProcessClient(credentials: .masterKey).get("/1.1/classes/Post")
            let directory = try TemporaryDirectory()
            let binary = try await TestServer.startAsync(.binary, arguments: ["--data", directory.path])
            let answered = try await eventually { try binary.client().get("/1.1/date").status == 200 }
            #expect(overTheSocket.status == 200 && overTheSocket.json == inProcess.json)
            #expect((overTheSocket.json?["results"]?.arrayValue?.count ?? 0) > 0)
            #expect(answered)
        }
    }

    struct RecipeTests {
        @Test func sessionExpiry() async throws {
            let emulator = try await Emulator.start(seeded: true, appOptions: ["sessionLifetime": 3600])
            let app = emulator.application
            try await LCUser.logIn(username: "testuser", password: "lcemu-test-password", in: app)
            emulator.clock.advance(by: .seconds(3601))
            // the next request with the old token fails as an unknown session would
            let error = await #expect(throws: LCError.self) { try await LCUser.fetchCurrent(in: app) }
            #expect(error?.code == .userNotFound)
        }

        @Test func aCaptchaWithoutReadingThePicture() async throws {
            let emulator = try await Emulator.start()
            let captcha = try await LCCaptcha.request(in: emulator.application)
            let answer = try await emulator.outbox.captchaAnswer(token: captcha.token)!
            let validateToken = try await captcha.verify(code: answer, in: emulator.application)
            #expect(!validateToken.isEmpty)
        }

        @Test func aFixtureBuiltOnce() async throws {
            let emulator = try await Emulator.start()
            let owner = try await LCUser.signUp(username: "owner", password: "owner-pass", in: emulator.application)
            try await emulator.snapshot("fixture")
            // … a test changes anything …
            try await emulator.restore("fixture")   // back to the fixture, owner still logged in
            #expect(emulator.application.currentUser?.objectId == owner.objectId)
        }

        @Test func eachTestItsOwnApp() async throws {
            let emulator = try await Emulator.start(seeded: true)   // about a millisecond after the first
            var post = LCObject(className: "Post")
            post.set("title", "only mine")
            try await post.save(in: emulator.application)           // no other test sees it
            #expect(try await LCQuery(className: "Post").whereKey("title", .equalTo("only mine")).count(in: emulator.application) == 1)
        }

        @Test func anAppOfItsOwn_onASharedEmulator() async throws {
            let emulator = try await Emulator.start(seeded: true)
            let seeded = try await LCQuery(className: "Post").count(in: emulator.application)
            let app = try await emulator.makeApp(seeded: true)   // an app of this test's own
            var post = LCObject(className: "Post")
            try await post.save(in: app)                          // emulator.application does not see it
            #expect(try await LCQuery(className: "Post").count(in: app) == seeded + 1)
            try await emulator.dropApp(app)
            #expect(try await LCQuery(className: "Post").count(in: emulator.application) == seeded)
            await #expect(throws: LCError.self) { try await LCQuery(className: "Post").count(in: app) }
        }

        @Test func anAppOfThePrefix_madeOnItsFirstRequest() async throws {
            let emulator = try await Emulator.start(seeded: true) { $0.appsOnDemandPrefix = "demo-" }
            let mine = emulator.application.withAppId("demo-\(UUID().uuidString.prefix(8))")   // made on its first request
            try await LCUser.signUp(username: "ada", password: "secret", in: mine)            // no other test's ada
            try await LCUser.signUp(username: "ada", password: "secret", in: emulator.application)
            #expect(try await LCQuery(className: "Post").count(in: mine) == 0)
            #expect(try await LCQuery(className: "Post").count(in: emulator.application) > 0)
        }

        @Test func aResetBetweenTests() async throws {
            let emulator = try await Emulator.start(seeded: true)
            let seeded = try await LCQuery(className: "Post").count(in: emulator.application)
            var post = LCObject(className: "Post")
            try await post.save(in: emulator.application)
            try await emulator.reset()   // the seed back, outbox, stubs, faults cleared, clock real, logged out
            #expect(try await LCQuery(className: "Post").count(in: emulator.application) == seeded)
        }

        @Test func anOutageARateLimitOrASlowAnswer() async throws {
            let emulator = try await Emulator.start()
            try await emulator.injectFault(path: "/1.1/classes/Post", status: 503, times: 2)   // an outage
            try await emulator.injectFault(path: "/1.1/functions/*", status: 429, message: "Too many requests.")
            try await emulator.injectDelay(path: "/1.1/date", milliseconds: 2_000)             // slower than the client waits
            let faults = try await emulator.application.request("GET", "/__admin/faults", options: .master)
            #expect(faults["results"]?.arrayValue?.count == 3)
            try await emulator.clearFaults()
        }

        @Test func aTransportOfYourOwn() async throws {
            struct Recorder: LCTransport {
                let base = LCURLSessionTransport()
                func send(_ request: LCHTTPRequest) async throws -> LCHTTPResponse {
                    print(request.method, request.url)
                    return try await base.send(request)
                }
            }
            let emulator = try await Emulator.start(transport: Recorder())
            #expect(try await emulator.application.serverDate().timeIntervalSince1970 > 0)
        }
    }

    /// The example at the top of `Sources/EmuTesting/Emulator.swift`.
    struct EmulatorDocCommentTests {
        @Test func savesAPost_andReadsAnSMSCode() async throws {
            let emulator = try await Emulator.start(seeded: true)
            var post = LCObject(className: "Post")
            post.set("title", "Hello")
            try await post.save(in: emulator.application)
            emulator.clock.advance(seconds: 3600)
            try await LCSMS.requestCode(mobilePhoneNumber: "+8618600000000", in: emulator.application)
            let sms = try await emulator.outbox.messages(phone: "+8618600000000")   // newest first
            let code = try await emulator.outbox.latestCode(phone: "+8618600000000")
            #expect(code != nil && sms.first?.code == code)
        }
    }
}
