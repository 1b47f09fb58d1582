#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EmuData
import EmuHTTP
import LCWire
import Dispatch
import Primitives

/// The app's LeanEngine app over HTTP (docs/cloud-code.md): one connection per call with the
/// project's blocking client, on the worker that handles the request (never an event loop),
/// the whole call bounded by its time limit (`CallDeadline`). While it waits, the worker's place in the pool is
/// lent to other requests (`EngineWaiting`), so an engine that writes back through the API while
/// LCEmu waits for it (a function saving an object, whose hook LCEmu then calls) cannot starve
/// the pool.
final class EngineClient: CloudEngine {
    let settings: EngineSettings
    private let credentials: EngineCredentials
    private let known = Locked<Set<String>?>(nil)
    let calls: EngineCallLog
    var url: String { settings.url }

    init(settings: EngineSettings, app: AppConfiguration, clock: EmulatorClock) {
        self.settings = settings
        self.credentials = EngineCredentials(app: app)
        self.calls = EngineCallLog(clock: clock)
    }

    func definitions() throws -> Set<String> {
        if let names = known.current { return names }
        return try reload()
    }

    @discardableResult
    func reload() throws -> Set<String> {
        let caller = EngineCaller(sessionToken: nil, isMaster: true, requestId: "")
        let answer = try send("GET", "/1.1/functions/_ops/metadatas", body: [], headers: credentials.headers(for: caller, metadata: true),
                              caller: caller, kind: .otherHook)
        guard answer.succeeded, let names = answer.json?.objectValue?["result"]?.arrayValue else {
            throw APIError(.engineUnreachable(settings.url, "its /1.1/functions/_ops/metadatas answered \(answer.status) \(answer.errorMessage)"))
        }
        let set = Set(names.compactMap(\.stringValue))
        known.withValue { $0 = set }
        return set
    }

    /// What the engine defines as last asked, without asking it; nil until it answered once.
    var knownDefinitions: Set<String>? { known.current }

    /// Forgets what the engine defines: the next call asks again.
    func forget() { known.withValue { $0 = nil } }

    func post(_ path: String, body: [UInt8], caller: EngineCaller, kind: EngineCallKind) throws -> EngineAnswer {
        try send("POST", path, body: body, headers: credentials.headers(for: caller, metadata: false), caller: caller, kind: kind)
    }

    private func send(_ method: String, _ path: String, body: [UInt8], headers: HTTPHeaders,
                      caller: EngineCaller, kind: EngineCallKind) throws -> EngineAnswer {
        let limit = settings.timeout(kind)
        let started = DispatchTime.now().uptimeNanoseconds
        var outcome: Result<EngineAnswer, APIError>!
        EngineWaiting.wait {
            outcome = Result { try exchange(method, path, body: body, headers: headers, limit: limit) }
                .mapError { $0 as? APIError ?? APIError(.engineUnreachable(settings.url, "\($0)")) }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
        calls.record(EngineCall(requestId: caller.requestId, method: method, path: path, milliseconds: elapsed, outcome: outcome))
        return try outcome.get()
    }

    /// One call, bounded as a whole by `limit` from its start: the socket's timeouts bound the
    /// connect and each read, and a `CallDeadline` ends the connection when the whole outlives
    /// the limit (an engine that trickles its answer a byte at a time still answers 141).
    private func exchange(_ method: String, _ path: String, body: [UInt8], headers: HTTPHeaders, limit: Double) throws -> EngineAnswer {
        let deadline = DispatchTime.now() + limit
        do {
            let client = try BlockingHTTPClient(host: settings.host, port: settings.port, timeout: limit)
            let watch = CallDeadline(fd: client.fd, at: deadline)
            return try withExtendedLifetime(client) {
                defer { watch.disarm() }  // before the client closes its socket, whose number may be reused
                do {
                    let response = try client.request(method, path, headers: headers, body: body,
                                                      maxBodyBytes: EngineSettings.Limits.answerBytes)
                    return EngineAnswer(status: response.status, body: response.body)
                } catch is SocketError where watch.passed {
                    throw APIError(.engineTimeout)
                }
            }
        } catch let error as SocketError {
            if Self.timedOut(error) { throw APIError(.engineTimeout) }
            throw APIError(.engineUnreachable(settings.url, Self.reason(error)))
        } catch let error as HTTPClientError {
            throw APIError(.engineUnreadable(settings.url, error.description))
        }
    }

    /// A read or connect that outlived its `SO_RCVTIMEO`/`SO_SNDTIMEO`.
    private static func timedOut(_ error: SocketError) -> Bool {
        [EAGAIN, EWOULDBLOCK, EINPROGRESS, ETIMEDOUT].contains(error.code)
    }

    private static func reason(_ error: SocketError) -> String {
        error.code == 0 ? error.operation : String(cString: strerror(error.code)).lowercased()
    }
}

// MARK: - One deadline per call

/// Ends a call's connection (`shutdown`, so the blocked read returns at once) when its deadline
/// passes before `disarm()`; both under one lock, so the socket is never touched once disarmed.
final class CallDeadline: Sendable {
    private enum State { case armed, passed, disarmed }
    private let state = Locked(State.armed)

    init(fd: Int32, at deadline: DispatchTime) {
        DispatchQueue.global().asyncAfter(deadline: deadline) { [state] in
            state.withValue { current in
                guard current == .armed else { return }
                current = .passed
                shutdown(fd, Int32(SHUT_RDWR))
            }
        }
    }

    /// Whether the deadline passed (and ended the connection).
    var passed: Bool { state.current == .passed }

    func disarm() { state.withValue { if $0 == .armed { $0 = .disarmed } } }
}

// MARK: - The headers LeanCloud sends

/// The headers of an engine call, as LeanEngine's middlewares read them
/// (`leancloud/engine/authorization.py`): `X-LC-Id`, `X-LC-Key` (the app key, or
/// `<master>,master` for a master caller and for `_ops/metadatas`, which needs it), the hook key,
/// the caller's session (`X-LC-Session` and the `X-Uluru-Session-Token` older engines read
/// first) and `X-LC-Prod`. `Connection: close`: one call, one connection.
struct EngineCredentials: Sendable {
    let appId: String
    let appKey: String
    let masterKey: String
    let hookKey: String?

    init(app: AppConfiguration) {
        (appId, appKey, masterKey, hookKey) = (app.appId, app.appKey, app.masterKey, app.hookKey)
    }

    func headers(for caller: EngineCaller, metadata: Bool) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add("Connection", "close")
        headers.add(LCHeaderName.id, appId)
        headers.add(LCHeaderName.key, metadata || caller.isMaster ? "\(masterKey),master" : appKey)
        if let hookKey { headers.add(LCHeaderName.hookKey, hookKey) }
        if let token = caller.sessionToken {
            headers.add(LCHeaderName.session, token)
            headers.add(LCHeaderName.uluruSessionToken, token)
        }
        headers.add(LCHeaderName.prod, caller.production ?? "1")
        return headers
    }
}
