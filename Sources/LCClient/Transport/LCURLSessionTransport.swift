import Foundation
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
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let handle = DataTaskHandle()
        // The request's own timeout, enforced here: FoundationNetworking applies the session's
        // `timeoutIntervalForRequest` and ignores a shorter `URLRequest.timeoutInterval`.
        let timer = Task {
            try await Task.sleep(nanoseconds: UInt64(max(request.timeout, 0) * 1_000_000_000))
            handle.timeOut()
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<LCHTTPResponse, Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: handle.didTimeOut ? URLError(.timedOut) : error)
                    } else if let http = response as? HTTPURLResponse {
                        var headers: [String: String] = [:]
                        for (name, value) in http.allHeaderFields {
                            headers[String(describing: name)] = String(describing: value)
                        }
                        continuation.resume(returning: LCHTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }
}
