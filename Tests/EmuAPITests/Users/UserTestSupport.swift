import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// A signed-up user as the tests use it.
struct SignedUpUser {
    let objectId: String
    let sessionToken: String
}

extension TestClient {
    /// Signs a user up through `POST /1.1/users`, failing the test unless the answer is 201.
    @discardableResult
    func signUp(_ username: String, password: String = "secret", extra: JSONObject = [:],
                sourceLocation: SourceLocation = #_sourceLocation) throws -> SignedUpUser {
        var body: JSONObject = ["username": .string(username), "password": .string(password)]
        for (key, value) in extra { body[key] = value }
        let response = try post("/1.1/users", json: .object(body))
        #expect(response.status == 201, "\(response.text)", sourceLocation: sourceLocation)
        return SignedUpUser(
            objectId: try #require(response.json?["objectId"]?.stringValue, sourceLocation: sourceLocation),
            sessionToken: try #require(response.json?["sessionToken"]?.stringValue, sourceLocation: sourceLocation))
    }

    /// The same client acting with a user's session (or none).
    func acting(as token: String?) -> TestClient {
        var client = self
        client.sessionToken = token
        return client
    }

    /// `POST /1.1/login` with a JSON body.
    func logIn(_ body: JSON) throws -> TestClient.Response {
        try post("/1.1/login", json: body)
    }
}

extension TestServer {
    /// The runtime of the default app, for its clock and database.
    var appRuntime: AppRuntime {
        get throws { try #require(emulator.app(app.appId)) }
    }
}

/// The pattern of a session token (spec §5.2).
var sessionTokenPattern: Regex<Substring> { #/^[0-9a-z]{25}$/# }
