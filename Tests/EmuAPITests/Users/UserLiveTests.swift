import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import Foundation
import LCWire
import Primitives
import Testing

/// The LeanCloud log-in flows of login-flows.md §1 over a real socket, with signed requests.
@Suite struct UserLiveTests {
    @Test func seedUser_logsInByPostAndByLegacyGet_andReadsItselfWithTheToken() throws {
        let emulator = try TestServer.start(seeded: true)
        let client = emulator.client(credentials: .signedAppKey)
        let post = try client.logIn(["username": "testuser", "password": "lcemu-test-password"])
        #expect(post.status == 200)
        #expect(post.json?["objectId"] == "64b7f0c2e4b0a1d2c3f40001")
        let token = try #require(post.json?["sessionToken"]?.stringValue)
        let get = try client.get("/1.1/login?username=testuser&password=lcemu-test-password")
        #expect(get.status == 200)
        #expect(get.json?["sessionToken"] == .string(token))
        #expect(get.json?["password"] == nil)
        let me = try client.acting(as: token).get("/1.1/users/me")
        #expect(me.json?["username"] == "testuser")
        // Flows §1.4: a post readable only by the test user, with and without its session.
        let privatePost = "/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50028"
        #expect(try client.acting(as: token).get(privatePost).json?["objectId"] == "65a1f0c0e4b0a1d2c3f50028")
        #expect(try client.get(privatePost).status != 200)
        // Log-out is client-side; refreshSessionToken kills the old token server-side (flows §1.5).
        let refreshed = try client.acting(as: token).put("/1.1/users/64b7f0c2e4b0a1d2c3f40001/refreshSessionToken",
                                                         json: [:])
        #expect(refreshed.status == 200)
        #expect(try client.acting(as: token).get("/1.1/users/me").json?["code"] == 211)
    }

    @Test func signUp_logIn_andMe_overTheSocket() throws {
        let emulator = try TestServer.start()
        let client = emulator.client(credentials: .signedAppKey)
        let user = try client.signUp("live", password: "pw")
        let logIn = try client.logIn(["username": "live", "password": "pw"])
        #expect(logIn.json?["sessionToken"] == .string(user.sessionToken))
        #expect(try client.get("/1.1/users/me?session_token=\(user.sessionToken)").json?["objectId"]
            == .string(user.objectId))
        #expect(try client.logIn(["username": "live", "password": "no"]).status == 400)
    }

    @Test func passwordResetLink_worksOverTheSocket() throws {
        let emulator = try TestServer.start()
        let client = emulator.client(credentials: .signedAppKey)
        try client.signUp("live", password: "pw", extra: ["email": "live@example.com"])
        #expect(try client.post("/1.1/requestPasswordReset", json: ["email": "live@example.com"]).status == 200)
        let link = try #require(try emulator.appRuntime.outbox.latest(to: "live@example.com")?.link)
        // The link's host is the request's `Host` header.
        let start = try #require(link.range(of: "/__auth/"))
        let path = String(link[start.lowerBound...])
        let page = try emulator.client(credentials: .none).get(path)
        #expect(page.status == 200 && page.text.contains("<form method=\"post\">"))
        let posted = try emulator.client(credentials: .none).send(
            "POST", path, body: Array("password=fresh".utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(posted.status == 200)
        #expect(try client.logIn(["username": "live", "password": "fresh"]).status == 200)
    }

    @Test func parallelSignUps_ofOneName_makeOneUser_andOfDistinctNames_makeOneEach() throws {
        let emulator = try TestServer.start()
        let client = emulator.client()
        let names = (0..<24).map { $0 % 2 == 0 ? "same" : "user\($0)" }
        let statuses = Locked<[String: [Int]]>([:])
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let name = names[index]
            let response = try? client.post("/1.1/users", json: [
                "username": .string(name), "password": "pw", "email": .string("\(name)@example.com"),
            ])
            statuses.withValue { $0[name, default: []].append(response?.status ?? 0) }
        }
        let results = statuses.current
        #expect(results["same"]?.sorted() == [201] + Array(repeating: 400, count: 11))
        for name in Set(names) where name != "same" { #expect(results[name] == [201]) }
        let count = try emulator.inProcessClient(credentials: .masterKey).get("/1.1/users?count=1&limit=0")
        #expect(count.json?["count"] == 13)
    }

    @Test func parallelRenames_toOneName_leaveOneOwner() throws {
        let emulator = try TestServer.start()
        let client = emulator.client()
        let users = try (0..<12).map { try client.signUp("u\($0)") }
        let statuses = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: users.count) { index in
            let user = users[index]
            let response = try? client.acting(as: user.sessionToken).put("/1.1/users/\(user.objectId)",
                                                                         json: ["username": "wanted"])
            statuses.withValue { $0.append(response?.status ?? 0) }
        }
        #expect(statuses.current.sorted() == [200] + Array(repeating: 400, count: 11))
        let master = emulator.inProcessClient(credentials: .masterKey)
        #expect(try master.get("/1.1/users?where=%7B%22username%22%3A%22wanted%22%7D&count=1&limit=0").json?["count"] == 1)
    }

    @Test func parallelLogIns_amidSignUps_shareOneTokenPerUser_andLoseNoUser() throws {
        let emulator = try TestServer.start()
        let client = emulator.client()
        let existing = try (0..<4).map { try client.signUp("old\($0)", password: "pw") }
        // 32 log-ins (8 per existing user, none of which has logged in twice yet) race 16 sign-ups.
        let tokens = Locked<[String: Set<String>]>([:])
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 48) { index in
            if index % 3 == 2 {
                let response = try? client.post("/1.1/users", json: ["username": .string("new\(index)"), "password": "pw"])
                if response?.status != 201 { failures.withValue { $0 += 1 } }
                return
            }
            let name = "old\(index % 4)"
            let response = try? client.logIn(["username": .string(name), "password": "pw"])
            guard let token = response?.json?["sessionToken"]?.stringValue else { return failures.withValue { $0 += 1 } }
            tokens.withValue { _ = $0[name, default: []].insert(token) }
        }
        #expect(failures.current == 0)
        for (index, user) in existing.enumerated() {
            #expect(tokens.current["old\(index)"] == [user.sessionToken])
        }
        let count = try emulator.inProcessClient(credentials: .masterKey).get("/1.1/users?count=1&limit=0")
        #expect(count.json?["count"] == 20)
    }
}
