import EmuCrypto
import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// Captcha endpoints (spec §7.1, docs/captcha-sms.md). Each answer also goes to the outbox
/// (kind `captcha`, `to` = captcha token), since a test cannot read the picture.
package enum CaptchaRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/1.1/requestCaptcha", APIRoute(appAccess: .app, work: .writes) { try request($0) })
        router.add("GET", "/1.1/captchaImage", APIRoute(appAccess: .appInQuery(parameter: "appId"), work: .slow) { try image($0) })
        router.add("POST", "/1.1/verifyCaptcha", APIRoute(appAccess: .app) { try verify($0) })
    }

    /// `GET /1.1/requestCaptcha` → `{"captcha_token","captcha_url"}`.
    static func request(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let options = app.configuration.options.messages
        // spec §7.1: the captcha service off → 119 (the master key still gets one).
        guard options.isCaptchaEnabled || request.isMaster else { throw APIError(.operationForbiddenForClients) }
        let parameters = try CaptchaParameters(query: request.query, isMaster: request.isMaster)
        let now = app.clock.nowMilliseconds
        let captcha = CaptchaStore.Captcha(
            token: SecureRandom.string(length: 8, alphabet: CaptchaStore.tokenAlphabet),
            code: options.captchaFixedCode ?? SecureRandom.string(length: parameters.size, alphabet: CaptchaFont.alphabet),
            width: parameters.width, height: parameters.height, expiresAt: now + Int64(parameters.ttl) * 1000)
        try app.database.write { db in
            try CaptchaStore.purge(now: now, in: db)
            try CaptchaStore.insert(captcha, in: db)
        }
        app.outbox.deliver(OutboxMessage(kind: .captcha, to: captcha.token, text: "Captcha answer: \(captcha.code)",
                                         code: captcha.code, purpose: "captcha"))
        let appId = app.configuration.appId
        let url = "\(request.baseURL)/1.1/captchaImage?appId=\(QueryString.escape(appId))&token=\(QueryString.escape(captcha.token))"
        return APIResponse(json: ["captcha_token": .string(captcha.token), "captcha_url": .string(url)])
    }

    /// `GET /1.1/captchaImage?appId=…&token=…`: the PNG, without keys (an `<img src>`).
    /// Unknown or expired token → 404.
    static func image(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let token = request.query("token") ?? ""
        let now = app.clock.nowMilliseconds
        guard let captcha = try app.database.read({ db in try CaptchaStore.live(token: token, now: now, in: db) }) else {
            throw APIError(.routeNotFound)
        }
        let picture = CaptchaRenderer.render(code: captcha.code, width: captcha.width, height: captcha.height, seed: captcha.token)
        let png = PNGEncoder.encode(picture)
        var response = APIResponse(contentType: "image/png", body: png)
        response.headers.set("Content-Length", String(png.count))
        response.headers.set("Cache-Control", "no-cache,no-store")
        return response
    }

    /// `POST /1.1/verifyCaptcha {"captcha_code","captcha_token"}` → `{"validate_token"}`.
    static func verify(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let body = try request.jsonObjectBody()
        guard let token = body["captcha_token"]?.stringValue, !token.isEmpty else {
            throw APIError(.invalidParameter("captcha_token is required."))
        }
        guard let answer = body["captcha_code"]?.stringValue, !answer.isEmpty else {
            throw APIError(.invalidParameter("captcha_code is required."))
        }
        let now = app.clock.nowMilliseconds
        guard let validateToken = try app.database.write({ db in
            try CaptchaStore.solve(token: token, answer: answer, now: now, in: db)
        }) else { throw APIError(.invalidCaptchaCode) }
        return APIResponse(json: ["validate_token": .string(validateToken)])
    }
}

// MARK: - The query of requestCaptcha

/// The query of `GET /1.1/requestCaptcha` (spec §7.1), checked against the documented ranges.
struct CaptchaParameters: Equatable {
    var width = 85
    var height = 30
    /// Characters in the code; clients always get the default.
    var size = 4
    /// Seconds until the captcha expires.
    var ttl = 60

    static let widths = 60...200
    static let heights = 30...100
    static let sizes = 3...6
    static let ttls = 10...180

    /// Reads the parameters; out of range or not an integer → 400 with code 1 naming the range.
    /// `size` and `ttl` are master-key only (spec §7.1): a client sending them gets 119.
    init(query: (String) -> String?, isMaster: Bool) throws {
        width = try Self.integer(query("width"), name: "width", range: Self.widths) ?? width
        height = try Self.integer(query("height"), name: "height", range: Self.heights) ?? height
        let size = try Self.integer(query("size"), name: "size", range: Self.sizes)
        let ttl = try Self.integer(query("ttl"), name: "ttl", range: Self.ttls)
        if (size != nil || ttl != nil) && !isMaster { throw APIError(.operationForbiddenForClients) }
        self.size = size ?? self.size
        self.ttl = ttl ?? self.ttl
    }

    init() {}

    private static func integer(_ text: String?, name: String, range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw APIError(.invalidParameter("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)."))
        }
        return value
    }
}
