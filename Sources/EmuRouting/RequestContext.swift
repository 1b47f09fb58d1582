import EmuData
import EmuHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// One request's context: what the pipeline's stages learned about the request (filled in the
/// order they meet it as a `ContextDraft`, Pipeline.swift), and what route handlers read.
/// Handlers never parse a credential or look an app up again: the context already says.
///
/// `App` is what the route guarantees about the app. The pipeline and the routes that may have
/// none (`.open`, `.keyless`) see `RequestContext<AppRuntime?>`; a route whose access level
/// guarantees an app (`APIRoute(appAccess:)`) hands its handler `RequestContext<AppRuntime>`, whose
/// `app` needs no check. Modelled on Hummingbird's `RequestContext`.
///
/// A value holding one box that never changes (`ContextDraft` says why): a context is handed on
/// several times per request (the handler, the reply, the journal, closures), and each copy of
/// its eleven fields retained and released each of them, and `App`, the one field of a generic
/// type, went through the type's value witnesses in the code not specialised for it (issue 31).
/// `App` only names what `app` answers: the app-guaranteed context of a handler is the same box
/// (`withApp`), not a second context.
public struct RequestContext<App: Sendable>: Sendable {
    @usableFromInline let box: ContextBox

    fileprivate init(box: ContextBox) { self.box = box }

    // The readers are inlinable: a getter called from another module returned a copy (a retain,
    // a release; five of each for `parameters`). Those of package types cannot be, and yield.

    /// The request as it arrived: what the journal keeps and cross-origin headers answer.
    @inlinable public var received: HTTPRequest { box.fields.received }
    /// Short id logged with unexpected failures and returned to the client with them: written
    /// when asked (`RequestId`).
    public var requestId: String { box.fields.requestId.text }
    /// The id as the journal keeps it, unwritten.
    package var requestIdentifier: RequestId { box.fields.requestId }
    /// When the request arrived (`MonotonicTime` nanoseconds), for the journal's timings.
    @inlinable package var arrivedAt: UInt64 { box.fields.arrivedAt }
    /// The request the routes read: `received`, or the request its method-override envelope
    /// stands for (spec §1.6).
    @inlinable public var http: HTTPRequest { box.fields.http }
    /// Captures from the route pattern, e.g. `className`.
    @inlinable public var parameters: RouteCaptures { box.fields.parameters }
    /// No route answered (the journal lists such requests apart).
    @inlinable package var isUnmatched: Bool { box.fields.isUnmatched }
    /// The authenticated app whatever `App` says: nil on routes without one.
    @inlinable package var runtime: AppRuntime? { box.fields.app }
    /// The session token of the credentials (`AppAuthenticator.Outcome.sessionToken`): an OAuth
    /// bearer token's, else `X-LC-Session`. Kept so batch sub-requests inherit it unparsed.
    @inlinable package var credentialSessionToken: String? { box.fields.credentialSessionToken }
    /// The session token sent with the request: the credentials', else the `session_token`
    /// query parameter (spec §5.5). Empty values count as none.
    @inlinable public var sessionToken: String? { box.fields.sessionToken }
    /// The caller, privilege and permissions of this request; the caller is looked up on first need.
    /// Inside a transaction ask `access.caller(in: db)`, so the session is read in the same
    /// snapshot as the handler's work.
    package var access: AccessContext {
        _read {
            if let access = box.fields.access { yield access } else { yield AccessContext.forRequest(app: nil, isMaster: false, sessionToken: nil) }
        }
    }
    /// What runs this request's batch sub-requests and knows every app served (the server's
    /// pipeline); nil for contexts built by hand in tests.
    package var dispatcher: (any SubRequestDispatching)? { _read { yield box.fields.dispatcher } }
    /// True when the master key was presented.
    @inlinable public var isMaster: Bool { box.fields.isMaster }
}

extension RequestContext where App == AppRuntime? {
    /// The context the pipeline's stages filled.
    package init(_ draft: consuming ContextDraft) { self.init(box: ContextBox(draft)) }

    /// A request already routed and authenticated: a batch's sub-request, or one built by a test.
    package init(http: HTTPRequest, parameters: RouteCaptures, requestId: String, app: AppRuntime?, isMaster: Bool,
         credentialSessionToken: String? = nil, dispatcher: (any SubRequestDispatching)? = nil) {
        var draft = ContextDraft(received: http, requestId: RequestId(requestId), arrivedAt: 0, dispatcher: dispatcher)
        draft.parameters = parameters
        draft.authenticated(app: app, isMaster: isMaster, credentialSessionToken: credentialSessionToken)
        self.init(draft)
    }

    /// The authenticated app: optional until a route guarantees one.
    @inlinable public var app: AppRuntime? { box.fields.app }

    /// The same context with its app known, for the handler of a route that guarantees one; nil
    /// when there is none, which the authenticator never lets through on such a route. The same
    /// box: one reference more, no second context.
    var withApp: RequestContext<AppRuntime>? {
        guard box.fields.app != nil else { return nil }
        return RequestContext<AppRuntime>(box: box)
    }

    /// The app, for the few handlers on routes where it may be missing (and for tests' routes):
    /// 401 without one. Handlers of app routes read `RequestContext<AppRuntime>.app`, which
    /// cannot be missing.
    public var requiredApp: AppRuntime {
        get throws {
            guard let app else { throw APIError(.unauthorized) }
            return app
        }
    }
}

extension RequestContext where App == AppRuntime {
    /// The authenticated app, which a route of this kind of context guarantees (`withApp`).
    @inlinable public var app: AppRuntime { box.fields.app! }

    /// Who is calling, for handlers that need it before any transaction of their own: looked up
    /// in a read of its own unless the request already knows it (no token, or asked before).
    package func caller() throws -> Caller { try access.caller(reading: app.database) }
}

extension RequestContext {
    public func parameter(_ name: String) -> String { parameters[name] ?? "" }

    public func query(_ name: String) -> String? { http.queryValue(name) }

    /// The body parsed as JSON; an empty body reads as an empty object. Malformed JSON → 107
    /// (naming the byte when the text could not be stored as sent, `JSONInput`).
    public func jsonBody() throws -> JSON {
        if http.body.isEmpty { return .object(JSONObject()) }
        return try JSONInput.body(http.body)
    }

    /// A JSON-carrying query parameter (`where`, `pvalues`, …) parsed strictly; nil when absent.
    /// Text that is not JSON throws `syntaxError`; unrepresentable text 107 (`JSONInput`).
    package func jsonQuery(_ name: String, syntaxError: APIError) throws -> JSON? {
        try JSONInput.parameter(name, of: http, syntaxError: syntaxError)
    }

    /// The body as a JSON object; anything else (an array, a number) → 107.
    public func jsonObjectBody() throws -> JSONObject {
        guard case .object(let object) = try jsonBody() else { throw APIError(.malformedJSON) }
        return object
    }
}

// MARK: - The URLs a handler hands back

/// The URLs a handler hands back to the client, built from how the client addressed this server.
extension RequestContext {
    /// `http://host:port` as the client addressed this server: the `Host` header (required in
    /// HTTP/1.1), and `https` when it came over TLS, to our listener or (`X-Forwarded-Proto`) to
    /// a proxy in front.
    package var baseURL: String { url(appending: []) }

    /// `baseURL` followed by `parts`, written into one new string: the create's `Location` made
    /// with an interpolation and four appends cost ~3,700 instructions per create (issue 31).
    package func url(appending parts: [String]) -> String {
        let scheme: StaticString = http.isSecure || forwardedOverHTTPS ? "https://" : "http://"
        var host = http.headers["Host"] ?? ""
        // The header ends up in stored URLs: only host[:port] characters may go there.
        let allowed = host.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isClientHostByte) }
        if host.isEmpty || !(allowed ?? host.utf8.allSatisfy(isClientHostByte)) {
            host = "localhost"
        }
        let length = parts.reduce(scheme.utf8CodeUnitCount + host.utf8.count) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var written = 0
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                guard let source = bytes.baseAddress, bytes.count > 0 else { return }
                (buffer.baseAddress! + written).update(from: source, count: bytes.count)
                written += bytes.count
            }
            put(UnsafeBufferPointer(start: scheme.utf8Start, count: scheme.utf8CodeUnitCount))
            host.withUTF8(put)
            for var part in parts { part.withUTF8(put) }
            return written
        }
    }

    /// Whether a proxy in front says the client came over TLS (`X-Forwarded-Proto`'s first value).
    private var forwardedOverHTTPS: Bool {
        guard let proto = http.headers["X-Forwarded-Proto"] else { return false }
        return proto.split(separator: ",").first?.trimmingWhitespace().lowercased() == "https"
    }

    /// Where a stored file is served: `<base>/<key>`, the path being the key as on LeanCloud's
    /// file domains (EmuAPI/Pipeline/Routing/RoutingStage.swift), or `<base>/__files/<appId>/<key>` for a key that
    /// an emulator route would shadow. The long form serves every file, old links included.
    package func fileURL(appId: String, key: String) -> String {
        if FileURLForm.keepsPath(key) { return url(appending: ["/", QueryString.encodePath(key)]) }
        return url(appending: ["/__files/", QueryString.escape(appId), "/", QueryString.encodePath(key)])
    }

    /// Where a client PUTs the bytes of a file announced by `/1.1/fileTokens`.
    package func uploadURL(appId: String, token: String) -> String {
        url(appending: ["/__files/upload/", QueryString.escape(appId), "/", QueryString.escape(token)])
    }
}

/// A byte of `host[:port]`: ASCII letters, digits and `.-:[]_` (an IPv6 literal's brackets).
/// Tested by value rather than in a set of scalars, which hashed every character of the `Host`
/// header of every create (its `Location`).
private func isClientHostByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
         UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "_"):
        return true
    default:
        return false
    }
}

/// Which file keys can be served at `/<key>`: those whose first segment is not one of the
/// emulator's own, which routes would shadow. Their URLs keep the long form
/// `/__files/<appId>/<key>`. The segments are the first ones of the route table's patterns
/// (`Routes`, in the server; FileURLTests checks they agree).
package enum FileURLForm {
    static let reservedFirstSegments: Set<Substring> = ["1.1", "__admin", "__auth", "__files", "api", "oauth"]

    package static func keepsPath(_ key: String) -> Bool {
        guard let first = key.split(separator: "/", omittingEmptySubsequences: false).first else { return false }
        return !reservedFirstSegments.contains(first)
    }
}
