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
