import EmuHTTP
import LCWire

/// One API request after routing and authentication: what every handler receives.
public struct APIRequest: Sendable {
    public let http: HTTPRequest
    /// Captures from the route pattern, e.g. `className`.
    public let parameters: [String: String]
    /// Short id logged with unexpected failures and returned to the client with them.
    public let requestId: String
    /// The authenticated app; nil only on routes that need no app.
    public let app: AppRuntime?
    /// True when the master key was presented.
    public let isMaster: Bool
    /// The session token an OAuth `Authorization: Bearer` token stands for; it wins over `X-LC-Session`.
    var bearerSessionToken: String? = nil
    /// Runs sub-requests through the same router (batch); nil for requests built by hand in tests.
    var dispatcher: (any SubRequestDispatching)? = nil

    /// The authenticated app, for handlers on authenticated routes.
    public var requiredApp: AppRuntime {
        get throws {
            guard let app else { throw APIError(.unauthorized) }
            return app
        }
    }

    public func parameter(_ name: String) -> String { parameters[name] ?? "" }

    public func query(_ name: String) -> String? { http.queryValue(name) }

    /// The body parsed as JSON; an empty body reads as an empty object. Malformed JSON → 107.
    public func jsonBody() throws -> JSON {
        if http.body.isEmpty { return .object(JSONObject()) }
        do {
            return try JSONParser.parse(http.body)
        } catch {
            throw APIError(.malformedJSON)
        }
    }

    /// The body as a JSON object; anything else (an array, a number) → 107.
    public func jsonObjectBody() throws -> JSONObject {
        guard case .object(let object) = try jsonBody() else { throw APIError(.malformedJSON) }
        return object
    }
}
