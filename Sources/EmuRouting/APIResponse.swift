import EmuData
import EmuHTTP
import LCWire

/// A response built by an API handler; converted once into an `HTTPResponse`.
public struct APIResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The custom route that answered, as the request journal shows it.
    public var journalRoute: String? = nil
    /// The objectId of the logged-in user a custom route with `auth` answered, as the journal
    /// shows it (`caller`) and filters by it.
    public var journalCaller: String? = nil
    /// Why the closest custom routes did not match, when none did: shown by the journal.
    public var journalNearMisses: JSON? = nil
    /// A body written as it is produced (the dashboard's events), after the head: `HTTPStream`.
    package var stream: HTTPStream? = nil

    /// A JSON response with LeanCloud's standard headers (§1.5).
    public init(status: Int = 200, json: JSON) {
        self.status = status
        self.headers = APIResponse.jsonHeaders
        self.body = json.serialized()
    }

    /// A response with raw bytes, e.g. a file or a PNG.
    public init(status: Int = 200, contentType: String, body: [UInt8]) {
        self.status = status
        self.headers = ["Content-Type": contentType]
        self.body = body
    }

    static let jsonHeaders: HTTPHeaders = [
        "Content-Type": "application/json;charset=utf-8",
        "Cache-Control": "no-cache,no-store",
        "Pragma": "no-cache",
        // What `CORS.decorate` gives every answer without a credentialed origin; it replaces it
        // for those.
        "Access-Control-Allow-Origin": "*",
    ]

    /// Whether `headers` are `jsonHeaders` unchanged: the same storage, which any change would
    /// have copied. One comparison of addresses where asking for the CORS header compared up to
    /// four names, ASCII case aside (~300 instructions on every JSON answer, issue 31).
    package static func areStandardJSONHeaders(_ headers: HTTPHeaders) -> Bool {
        headers.fields.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == standardFields
    }

    /// Where `jsonHeaders`' fields are (an address, as a number): a constant's storage, which never moves.
    private static let standardFields = jsonHeaders.fields.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }

    package var httpResponse: HTTPResponse {
        let copied = self
        return copied.intoHTTPResponse()
    }

    /// The HTTP response, made of this one's own headers and body, moved rather than copied.
    package consuming func intoHTTPResponse() -> HTTPResponse {
        takeHTTPResponse()
    }

    /// The HTTP response, this one's headers and body moved into it by swapping: this one keeps
    /// empty ones. `consuming` alone still copied both (two retains) and then destroyed this
    /// one's (two releases, ~150 instructions per request, issue 31): a stored property cannot
    /// be consumed apart from its value, but it can change places with an empty one.
    package mutating func takeHTTPResponse() -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: HTTPHeaders(), body: [])
        swap(&response.headers, &headers)
        swap(&response.body, &body)
        response.stream = stream
        return response
    }
}

extension APIError {
    /// The response for this error.
    public var response: APIResponse {
        var response = APIResponse(status: code.httpStatus, json: code.body)
        for (name, value) in headers { response.headers.add(name, value) }
        return response
    }
}

extension APIResponse {
    /// A JSON response whose body is already serialized (a query page written row by row),
    /// with the same headers as `init(status:json:)`.
    package init(status: Int = 200, serializedJSON body: [UInt8]) {
        self.status = status
        self.headers = APIResponse.jsonHeaders
        self.body = body
    }
}
