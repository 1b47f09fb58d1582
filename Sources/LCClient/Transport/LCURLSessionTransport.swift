import Foundation
import LCWire
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: `URLSession` (FoundationNetworking on Linux), with cancellation of the
/// data task when the calling Swift task is cancelled.
///
/// Cookies are neither stored nor sent by the session: the LeanCloud API does not use them, and
/// the cookie-session client (`LCWebSession`) keeps its own jar.
public struct LCURLSessionTransport: LCTransport {
    let session: URLSession

    /// A transport over one shared ephemeral session without cookie handling.
    public init() {
        self.init(session: Self.sharedSession)
    }

    /// Sessions are long-lived objects with their own threads: the default transports share one.
    static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// A transport over a session of your own (proxies, TLS settings, protocol classes).
    public init(session: URLSession) {
        self.session = session
    }

    public func send(_ request: LCHTTPRequest) async throws -> LCHTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, 
                                    timeoutInterval: Self.urlRequestTimeout(request.timeout))
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let handle = DataTaskHandle()
        // The request's own timeout, enforced here: FoundationNetworking applies the session's
        // `timeoutIntervalForRequest` and ignores a shorter `URLRequest.timeoutInterval`.
        // `.infinity` (or NaN, or more than a year) arms no timer at all.
        let timer = Self.timeoutNanoseconds(request.timeout).map { nanoseconds in
            Task {
                try await Task.sleep(nanoseconds: nanoseconds)
                handle.timeOut()
            }
        }
        defer { timer?.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<LCHTTPResponse, Error>) in
                // The data task is made only if the request was not cancelled first: then nothing
                // is sent, and no never-resumed task lingers in the session.
                let started = handle.start {
                    session.dataTask(with: urlRequest) { data, response, error in
                        if let error {
                            continuation.resume(throwing: handle.didTimeOut ? URLError(.timedOut) : error)
                        } else if let http = response as? HTTPURLResponse {
                            continuation.resume(returning: LCHTTPResponse(
                                status: http.statusCode, headers: Self.headers(of: http), body: data ?? Data()))
                        } else {
                            continuation.resume(throwing: URLError(.badServerResponse))
                        }
                    }
                }
                if !started { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            handle.cancel()
        }
    }

    /// The response's header fields as strings.
    static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return headers
    }
}

// MARK: - Timeouts

extension LCURLSessionTransport {
    /// The longest wait the transport arms: one year. Anything longer (a huge value, `.infinity`,
    /// NaN) means "no timeout" and is clamped here, because converting it to whole nanoseconds or
    /// milliseconds would trap (`UInt64(.infinity)`) in this transport or in FoundationNetworking.
    static let longestTimeout: TimeInterval = 365 * 24 * 3600

    /// The timeout the transport enforces for a request's `timeout`: nil for none (`.infinity`,
    /// NaN, or more than `longestTimeout`), 0 for zero or negative values, else the value.
    static func enforcedTimeout(_ timeout: TimeInterval) -> TimeInterval? {
        guard !timeout.isNaN, timeout <= longestTimeout else { return nil }
        return max(timeout, 0)
    }

    /// The timer's wait in nanoseconds, nil for no timer. Always representable: at most one
    /// year (about 3.2e16 ns, far below `UInt64.max`).
    static func timeoutNanoseconds(_ timeout: TimeInterval) -> UInt64? {
        enforcedTimeout(timeout).map { UInt64(($0 * 1_000_000_000).rounded(.up)) }
    }

    /// What `URLRequest.timeoutInterval` gets: always finite (FoundationNetworking turns it into
    /// whole milliseconds), `longestTimeout` when there is no timeout.
    static func urlRequestTimeout(_ timeout: TimeInterval) -> TimeInterval {
        enforcedTimeout(timeout) ?? longestTimeout
    }
}

// MARK: - DataTaskHandle

/// The data task of one request, cancellable from another thread, even before it started.
// @unchecked: every mutable property is read and written under `lock`.
final class DataTaskHandle: @unchecked Sendable {
    private let lock = Lock()
    private var task: URLSessionDataTask?
    private var cancelled = false
    private var timedOut = false

    /// Makes and resumes the task unless the request was cancelled first; false when it was (no
    /// task is made, so nothing is sent).
    ///
    /// The flag is read, and the task resumed, under the lock: a `cancel()` either comes first
    /// (no task at all) or finds the resumed task and cancels it. Resuming and then checking
    /// would let a cancellation in between send the request anyway.
    func start(_ makeTask: () -> URLSessionDataTask) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return false }
        let task = makeTask()
        self.task = task
        task.resume()
        return true
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    /// Cancels the task because its time is up; its error then reads as a timeout.
    func timeOut() {
        lock.lock()
        timedOut = true
        lock.unlock()
        cancel()
    }

    var didTimeOut: Bool {
        lock.lock()
        defer { lock.unlock() }
        return timedOut
    }
}
