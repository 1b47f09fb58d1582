import EmuData
import EmuHTTP
import Primitives

/// A request's context while the pipeline's stages fill it (Pipeline.swift): a plain value the
/// stages change in place, then made a `RequestContext` once, for the handler and the reply.
///
/// Why two types: a `RequestContext` keeps its fields in one box that never changes, so that
/// handing it on (to the handler, the reply, the journal, a closure) costs one reference, not
/// one per field, and reading a field costs none. A box that could change would copy every
/// field read out of it into a call; a box made anew for each change would allocate three
/// times per request. The stages are the only writers, and they write before anyone reads.
@usableFromInline package struct ContextDraft: Sendable {
    // On arrival.
    /// The request as it arrived: what the journal keeps and cross-origin headers answer.
    @usableFromInline package let received: HTTPRequest
    /// Short id logged with unexpected failures and returned to the client with them.
    package let requestId: RequestId
    /// When the request arrived (`MonotonicTime` nanoseconds), for the journal's timings.
    @usableFromInline package let arrivedAt: UInt64

    // Method override (MethodOverrideEnvelope).
    /// The request the routes read: `received`, or the request its method-override envelope
    /// stands for (spec §1.6).
    @usableFromInline package var http: HTTPRequest {
        didSet { nameLengths = FieldNameLengths(http.headers) }
    }
    /// The lengths of `http`'s field names, which spare the lookups of fields it cannot have.
    package private(set) var nameLengths: FieldNameLengths

    // Routing.
    /// Captures from the route pattern, e.g. `className`: written once, by routing; a route
    /// without captures leaves them as they are made here, empty.
    @usableFromInline package var parameters = RouteCaptures()
    /// No route answered (the journal lists such requests apart).
    @usableFromInline package var isUnmatched = false

    // Authentication.
    /// The authenticated app: nil until authenticated, and on routes without one.
    @usableFromInline package var app: AppRuntime?
    /// The session token of the credentials (`AppAuthenticator.Outcome.sessionToken`): an OAuth
    /// bearer token's, else `X-LC-Session`. Kept so batch sub-requests inherit it unparsed.
    @usableFromInline package private(set) var credentialSessionToken: String?
    /// The session token sent with the request: the credentials', else the `session_token`
    /// query parameter (spec §5.5). Empty values count as none.
    @usableFromInline package private(set) var sessionToken: String?
    /// The caller, privilege and permissions of this request (`AccessContext`); nil until the
    /// authentication stage sets it, when `RequestContext.access` answers nobody in particular.
    /// Not that shared context from the start: every request retained and released it, a count
    /// every thread shares (issue 31).
    package private(set) var access: AccessContext?
    /// `access.isMaster`, where a public accessor of `RequestContext` reads it.
    @usableFromInline package private(set) var isMaster = false

    /// What runs this request's batch sub-requests and knows every app served (the server's
    /// pipeline); nil for contexts built by hand in tests.
    package let dispatcher: (any SubRequestDispatching)?

    /// A request as it arrives: nothing known yet but its id, nobody in particular calling.
    package init(arriving received: HTTPRequest, requestId: RequestId, dispatcher: any SubRequestDispatching) {
        self.init(received: received, requestId: requestId, arrivedAt: MonotonicTime.nanoseconds(),
                  dispatcher: dispatcher)
    }

    init(received: HTTPRequest, requestId: RequestId, arrivedAt: UInt64, dispatcher: (any SubRequestDispatching)?) {
        self.received = received
        self.requestId = requestId
        self.arrivedAt = arrivedAt
        self.http = received
        nameLengths = FieldNameLengths(received.headers)
        self.dispatcher = dispatcher
    }

    /// What the authentication stage established, filled once: handlers read it, never the
    /// credentials again.
    package mutating func authenticated(app: AppRuntime?, isMaster: Bool, credentialSessionToken: String?) {
        self.app = app
        // A token is written only where there is one (or was): most requests carry none, and
        // copying nil over nil called the runtime's retain and release six times (issue 31).
        if let credentialSessionToken {
            self.credentialSessionToken = credentialSessionToken
            sessionToken = credentialSessionToken
        } else {
            if self.credentialSessionToken != nil { self.credentialSessionToken = nil }
            // A request without a query (most) is not looked through for one (`queryValue` is a call).
            if !http.query.isEmpty, let query = http.queryValue("session_token"), !query.isEmpty {
                sessionToken = query
            } else if sessionToken != nil {
                sessionToken = nil
            }
        }
        let access = AccessContext.forRequest(app: app, isMaster: isMaster, sessionToken: sessionToken)
        self.isMaster = access.isMaster
        self.access = access
    }
}

/// The box of a `RequestContext`: its fields, never changed once boxed.
@usableFromInline final class ContextBox: Sendable {
    @usableFromInline let fields: ContextDraft
    init(_ fields: consuming ContextDraft) { self.fields = fields }
}
