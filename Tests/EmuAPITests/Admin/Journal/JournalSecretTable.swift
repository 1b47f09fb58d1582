import EmuHTTP
import EmuTesting
import Foundation
import LCWire
import Testing

/// Every secret-bearing parameter of the API (and the spellings clients use for it), with each
/// place it can travel: the table `JournalSecretTests` sends through the server and then looks
/// for in the journal. Values are unique per case, so a hit names the case.
struct SecretCase: Sendable, CustomTestStringConvertible {
    enum Place: String, Sendable {
        case header, query, form, json, nestedJSON, envelope, path, urlInBody, referer
        /// A field secret on one route only (`name` is "<path> <field>"), in each place it goes.
        case routeJSON, routeForm, routeText, routeQuery
        /// Through a real `/1.1/batch`: a sub-request path carrying a secret, and a sub-request
        /// body with a field secret on its route ("<path> <field>").
        case batchPath, batchBody
    }
    let place: Place
    let name: String

    var testDescription: String { "\(name) in \(place.rawValue)" }
    var value: String { "s3cr3t" + String(testDescription.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init)) }

    static let headers = [
        "X-LC-Key", "X-LC-Sign", "X-LC-Session", "X-LC-Hook-Key", "X-AVOSCloud-Application-Key",
        "X-AVOSCloud-Master-Key", "X-AVOSCloud-Super-Key", "X-AVOSCloud-Request-Sign", "X-AVOSCloud-Session-Token",
        "X-Uluru-Application-Key", "X-Uluru-Master-Key", "X-Uluru-Session-Token", "Authorization", "Cookie",
        "X-XSRF-TOKEN",
    ]

    /// Names that travel as query parameters, form fields and JSON keys.
    static let fields = [
        "password", "new_password", "old_password", "newPassword", "_webPassword", "sessionToken", "session_token",
        "smsCode", "captcha_code", "captcha_token", "validate_token", "validate_tokens", "access_token",
        "refresh_token", "id_token", "client_secret", "token", "masterKey", "appKey", "mac_key", "sign",
        "_ApplicationKey", "_MasterKey", "_SessionToken", "X-LC-Key", "X-LC-Sign", "X-LC-Session", "j_captcha",
    ]

    /// The paths whose segments carry a secret, `#` standing for it.
    static let paths = [
        "/1.1/verifySmsCode/#", "/1.1/verifyMobilePhone/#", "/1.1/resetPasswordBySmsCode/#",
        "/__auth/lcemu-dev-app-id/reset/#", "/__auth/lcemu-dev-app-id/verify/#",
        "/__files/upload/lcemu-dev-app-id/#", "//1.1//verifySmsCode/#",
    ]

    /// URLs that carry a secret in their path or query, as bodies and headers hold them.
    static let urls = [
        "http://127.0.0.1:3000/__files/upload/lcemu-dev-app-id/#", "http://127.0.0.1:3000/1.1/captchaImage?token=#",
        "https://x.test/__auth/app/reset/#", "http://h/1.1/users/me?width=1&session_token=#",
    ]

    /// Fields secret on one route only, in the spellings of the path the router still answers.
    static let routeFields = [
        "/1.1/changePhoneNumber code", "//1.1//changePhoneNumber/ code", "/api/check_two_factor_auth_code code",
        "//api/check_two_factor_auth_code code", "/api/check_two_factor_auth_code/ code", "/oauth/access_token code",
        "/oauth//access_token/ code_verifier",
    ]

    /// Sub-request paths in every form batch accepts (relative to /1.1, with or without it).
    static let batchPaths = [
        "/1.1/verifySmsCode/#", "/verifySmsCode/#", "verifySmsCode/#", "1.1/verifySmsCode/#", "//verifyMobilePhone//#",
        "resetPasswordBySmsCode/#", "verifySm%73Code/#", "/1.1/verifySmsCode/#?x=1",
    ]
    static let batchBodies = ["changePhoneNumber code", "/1.1/changePhoneNumber code", "//1.1/changePhoneNumber/ code"]

    static let all: [SecretCase] =
        headers.map { SecretCase(place: .header, name: $0) }
        + [Place.query, .form, .json, .nestedJSON, .envelope].flatMap { place in fields.map { SecretCase(place: place, name: $0) } }
        + paths.map { SecretCase(place: .path, name: $0) }
        + urls.flatMap { [SecretCase(place: .urlInBody, name: $0), SecretCase(place: .referer, name: $0)] }
        + [Place.routeJSON, .routeForm, .routeText, .routeQuery].flatMap { place in routeFields.map { SecretCase(place: place, name: $0) } }
        + batchPaths.map { SecretCase(place: .batchPath, name: $0) } + batchBodies.map { SecretCase(place: .batchBody, name: $0) }

    /// The path and field of a route case.
    private var route: (path: String, field: String) {
        let parts = name.split(separator: " ")
        return (String(parts[0]), String(parts[1]))
    }

    /// The request that carries the case's secret.
    func request() -> (method: String, target: String, body: [UInt8], headers: HTTPHeaders) {
        let json = { (object: JSON) in Array(object.jsonString.utf8) }
        let jsonType: HTTPHeaders = ["Content-Type": "application/json"]
        switch place {
        case .header: return ("GET", "/1.1/date", [], [name: value])
        case .query: return ("GET", "/1.1/classes/Post?\(name)=\(value)&limit=1", [], [:])
        case .form:
            return ("POST", "/oauth/access_token", Array("grant_type=password&\(name)=\(value)".utf8),
                    ["Content-Type": "application/x-www-form-urlencoded"])
        case .json: return ("POST", "/1.1/users", json([name: .string(value), "username": "u"]), jsonType)
        case .nestedJSON:
            return ("POST", "/1.1/classes/Post", json(["a": ["b": [["c": [name: .string(value)]]]]]), jsonType)
        case .envelope:
            let envelope: JSON = ["_method": "GET", "_ApplicationId": "lcemu-dev-app-id", name: .string(value)]
            return ("POST", "/1.1/classes/Post", json(envelope), ["Content-Type": "text/plain"])
        case .path: return ("GET", name.replacingOccurrences(of: "#", with: value), [], [:])
        case .urlInBody:
            let url = name.replacingOccurrences(of: "#", with: value)
            return ("POST", "/1.1/classes/Post", json(["link": .string(url), "text": .string("see \(url) now")]), jsonType)
        case .referer: return ("GET", "/1.1/date", [], ["Referer": name.replacingOccurrences(of: "#", with: value)])
        case .routeJSON:
            return ("POST", route.path, json([route.field: .string(value), "mobilePhoneNumber": "+8618612345678"]), jsonType)
        case .routeForm:
            return ("POST", route.path, Array("grant_type=x&\(route.field)=\(value)".utf8), ["Content-Type": "application/x-www-form-urlencoded"])
        case .routeText: return ("POST", route.path, Array("\(route.field)=\(value)&grant_type=x".utf8), ["Content-Type": "text/plain"])
        case .routeQuery: return ("POST", "\(route.path)?\(route.field)=\(value)", [], [:])
        case .batchPath:
            let operation: JSON = ["method": "POST", "path": .string(name.replacingOccurrences(of: "#", with: value)),
                                   "body": ["mobilePhoneNumber": "+8618612345678"]]
            return ("POST", "/1.1/batch", json(["requests": [operation]]), jsonType)
        case .batchBody:
            let operation: JSON = ["method": "POST", "path": .string(route.path),
                                   "body": [route.field: .string(value), "mobilePhoneNumber": "+8618612345678"]]
            return ("POST", "/1.1/batch", json(["requests": [operation]]), jsonType)
        }
    }
}
