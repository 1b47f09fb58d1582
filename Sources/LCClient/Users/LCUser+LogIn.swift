import Foundation
import LCWire

extension LCUser {
    /// How `logIn(username:password:)` reaches the server.
    public enum LogInMethod: Sendable {
        /// `POST /1.1/login` with a JSON body (every LeanCloud SDK).
        case post
        /// `GET /1.1/login?username=…&password=…`, the legacy form some clients use.
        case legacyGet
    }

    /// Signs up (`POST /1.1/users`) and becomes the current user.
    @discardableResult
    public static func signUp(
        username: String, password: String, email: String? = nil, fields: JSONObject = JSONObject(), in app: LCApplication
    ) async throws -> LCUser {
        var body = fields
        body["username"] = .string(username)
        body["password"] = .string(password)
        if let email { body["email"] = .string(email) }
        let answer = try await app.request("POST", "/1.1/users", body: .object(body), options: .anonymous)
        return become(try LCUser(answer: answer, extra: body), in: app)
    }

    /// Logs in with a user name and password, by POST or by the legacy GET.
    @discardableResult
    public static func logIn(username: String, password: String, using method: LogInMethod = .post, in app: LCApplication) async throws -> LCUser {
        switch method {
        case .post:
            return try await logIn(body: ["username": .string(username), "password": .string(password)], in: app)
        case .legacyGet:
            let answer = try await app.request("GET", "/1.1/login", query: [("username", username), ("password", password)], options: .anonymous)
            return become(try LCUser(answer: answer), in: app)
        }
    }

    @discardableResult
    public static func logIn(email: String, password: String, in app: LCApplication) async throws -> LCUser {
        try await logIn(body: ["email": .string(email), "password": .string(password)], in: app)
    }

    @discardableResult
    public static func logIn(mobilePhoneNumber: String, password: String, in app: LCApplication) async throws -> LCUser {
        try await logIn(body: ["mobilePhoneNumber": .string(mobilePhoneNumber), "password": .string(password)], in: app)
    }

    /// Logs in with a code from `requestLogInSMSCode`.
    @discardableResult
    public static func logIn(mobilePhoneNumber: String, smsCode: String, in app: LCApplication) async throws -> LCUser {
        try await logIn(body: ["mobilePhoneNumber": .string(mobilePhoneNumber), "smsCode": .string(smsCode)], in: app)
    }

    /// Signs up on first use or logs in (`POST /1.1/usersByMobilePhone`).
    @discardableResult
    public static func signUpOrLogIn(mobilePhoneNumber: String, smsCode: String, in app: LCApplication) async throws -> LCUser {
        let body: JSON = ["mobilePhoneNumber": .string(mobilePhoneNumber), "smsCode": .string(smsCode)]
        return become(try LCUser(answer: try await app.request("POST", "/1.1/usersByMobilePhone", body: body, options: .anonymous)), in: app)
    }

    /// Signs up or logs in with third-party `authData` for `platform` (spec §5.8);
    /// `failOnNotExist` refuses to create a user (211).
    @discardableResult
    public static func logIn(authData: JSONObject, platform: String, failOnNotExist: Bool = false, in app: LCApplication) async throws -> LCUser {
        let body: JSON = ["authData": .object(JSONObject([(platform, .object(authData))]))]
        let query = failOnNotExist ? [("failOnNotExist", "true")] : []
        return become(try LCUser(answer: try await app.request("POST", "/1.1/users", query: query, body: body, options: .anonymous)), in: app)
    }

    /// Logs in anonymously (`authData.anonymous.id`, a random UUID).
    @discardableResult
    public static func logInAnonymously(in app: LCApplication) async throws -> LCUser {
        try await logIn(authData: ["id": .string(UUID().uuidString.lowercased())], platform: "anonymous", in: app)
    }

    /// Becomes the user of an existing session token (`GET /1.1/users/me`).
    @discardableResult
    public static func become(sessionToken: String, in app: LCApplication) async throws -> LCUser {
        let answer = try await app.request("GET", "/1.1/users/me", options: LCRequestOptions(sessionToken: sessionToken))
        var user = try LCUser(answer: answer)
        if user.sessionToken == nil { user.fields["sessionToken"] = .string(sessionToken) }
        return become(user, in: app)
    }

    static func logIn(body: JSONObject, in app: LCApplication) async throws -> LCUser {
        become(try LCUser(answer: try await app.request("POST", "/1.1/login", body: .object(body), options: .anonymous)), in: app)
    }

    static func become(_ user: LCUser, in app: LCApplication) -> LCUser {
        app.setCurrentUser(user)
        return user
    }
}
