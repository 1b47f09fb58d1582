import EmuAPI
import LCWire

extension TestServer {
    /// The seeded test user (docs/seed.md): username `testuser`, password `lcemu-test-password`.
    public static let seedUserId = "64b7f0c2e4b0a1d2c3f40001"

    /// A live session token for `userId` in the default app, as a log-in would give.
    public func sessionToken(forUser userId: String) throws -> String {
        guard let app = emulator.app(app.appId) else { throw TestSetupError("no app \(app.appId)") }
        return try app.sessionToken(forUser: userId)
    }

    /// Creates a `_User` with the master key and returns its objectId.
    public func createUser(_ username: String, fields: JSONObject = JSONObject()) throws -> String {
        var body = fields
        body["username"] = .string(username)
        body["password"] = .string("password-of-\(username)")
        let response = try inProcessClient(credentials: .masterKey).post("/1.1/classes/_User", json: .object(body))
        guard response.status == 201, let id = response.json?["objectId"]?.stringValue else {
            throw TestSetupError("creating user \(username) answered \(response.status) \(response.text)")
        }
        return id
    }

    /// An in-process client that sends `userId`'s session token.
    public func inProcessClient(asUser userId: String) throws -> TestClient {
        var client = inProcessClient()
        client.sessionToken = try sessionToken(forUser: userId)
        return client
    }
}

/// A test fixture that could not be set up.
public struct TestSetupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
