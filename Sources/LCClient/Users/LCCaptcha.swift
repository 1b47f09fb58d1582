import Foundation
import LCWire

/// An image captcha (spec §7.1): request one, show its image, verify the user's answer and pass
/// the resulting validate token to an SMS request.
///
/// ```swift
/// let captcha = try await LCCaptcha.request(in: app)
/// let png = try await captcha.image(in: app)
/// let validateToken = try await captcha.verify(code: typedByUser, in: app)
/// try await LCSMS.requestCode(mobilePhoneNumber: phone, validateToken: validateToken, in: app)
/// ```
public struct LCCaptcha: Sendable, Equatable {
    /// `captcha_token`.
    public var token: String
    /// `captcha_url`: the image.
    public var url: String

    public init(token: String, url: String) {
        self.token = token
        self.url = url
    }

    /// `GET /1.1/requestCaptcha` (`width` 60–200, `height` 30–100).
    public static func request(width: Int? = nil, height: Int? = nil, in app: LCApplication) async throws -> LCCaptcha {
        var query: [(String, String)] = []
        if let width { query.append(("width", String(width))) }
        if let height { query.append(("height", String(height))) }
        let answer = try await app.request("GET", "/1.1/requestCaptcha", query: query)
        guard let token = answer["captcha_token"]?.stringValue, let url = answer["captcha_url"]?.stringValue else {
            throw LCError(code: .invalidResponse, message: "requestCaptcha answered without captcha_token/captcha_url.", httpStatus: 200)
        }
        return LCCaptcha(token: token, url: url)
    }

    /// The image bytes at `url`.
    public func image(in app: LCApplication) async throws -> Data {
        guard let imageURL = URL(string: url) else { throw LCError(code: .invalidResponse, message: "Bad captcha URL \(url)") }
        let response = try await app.send(LCHTTPRequest(method: "GET", url: imageURL, headers: app.signedHeaders(), timeout: app.timeout))
        guard (200..<300).contains(response.status) else {
            throw LCError(status: response.status, body: try? JSONParser.parse([UInt8](response.body)))
        }
        return response.body
    }

    /// `POST /1.1/verifyCaptcha`: answers the `validate_token` for SMS requests.
    public func verify(code: String, in app: LCApplication) async throws -> String {
        let answer = try await app.request("POST", "/1.1/verifyCaptcha",
                                           body: ["captcha_code": .string(code), "captcha_token": .string(token)])
        guard let validateToken = answer["validate_token"]?.stringValue else {
            throw LCError(code: .invalidResponse, message: "verifyCaptcha answered without validate_token.", httpStatus: 200)
        }
        return validateToken
    }
}
