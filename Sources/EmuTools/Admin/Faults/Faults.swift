import Dispatch
import EmuData
import EmuHTTP
import EmuRouting
import LCWire
import Primitives

/// One app's injected faults, in memory; `POST /__admin/reset` and a restart remove them. The
/// first fault (oldest first) matching a request applies and counts down its `remaining`.
public final class Faults: Sendable {
    public static let capacity = 100
    private struct State {
        var faults: [Fault] = [] {
            didSet { faultCount.store(faults.count) }
        }
        var nextId = 1
        /// How many faults there are, read without the lock by every request (`take`).
        let faultCount: AtomicInteger
    }
    @usableFromInline let faultCount = AtomicInteger()

    /// Whether some fault may apply: false for most apps, read without the lock by every
    /// request, so that it asks `take` (a call, and its optional fault copied out) only then.
    @inlinable package var mayApply: Bool { faultCount.load() > 0 }
    private let state: Locked<State>

    init() {
        state = Locked(State(faultCount: faultCount))
    }

    /// Adds a fault; returns it with its id, or nil when `capacity` are set.
    func add(_ fault: Fault) -> Fault? {
        state.withValue { state in
            guard state.faults.count < Self.capacity else { return nil }
            var fault = fault
            fault.id = "f\(state.nextId)"
            state.nextId += 1
            state.faults.append(fault)
            return fault
        }
    }

    /// The fault that applies to this request, used up by one; nil for none.
    package func take(method: String, path: String) -> Fault? {
        // Most apps have none, and every request of theirs asks: no lock for them.
        guard faultCount.load() > 0 else { return nil }
        return state.withValue { state in
            guard let index = state.faults.firstIndex(where: { $0.matches(method: method, path: path) }) else { return nil }
            let fault = state.faults[index]
            if let remaining = fault.remaining {
                if remaining <= 1 { state.faults.remove(at: index) } else { state.faults[index].remaining = remaining - 1 }
            }
            return fault
        }
    }

    public var all: [Fault] { state.current.faults }

    /// Removes one fault, or all; returns how many went.
    @discardableResult
    public func remove(_ id: String? = nil) -> Int {
        state.withValue { state in
            let before = state.faults.count
            state.faults.removeAll { id == nil || $0.id == id }
            return before - state.faults.count
        }
    }
}

// MARK: - Fault

/// A failure or a delay the test asks for (`POST /__admin/faults`, docs/testing.md): the next
/// matching requests get `status` with a LeanCloud error body (or the `body` given) instead of
/// their answer, and/or wait `delayMilliseconds` first, whichever route would answer them:
/// LeanCloud's, a custom route or a resource. For testing how an app handles an outage, a slow
/// network, a timeout or a business error (`200 {"code":"1","msg":"失败"}`), without touching its code.
public struct Fault: Sendable, Equatable {
    public var id = ""
    /// `*` or one method.
    public var method = "*"
    /// An exact path, a prefix ending in `*` (`/1.1/classes/*`), or a route template
    /// (`/merchant/feedback/:id/reply`), as custom routes write their paths.
    public private(set) var path: String
    private var shape: PathShape
    /// The answer instead of the real one; nil only delays the real one.
    public var status: Int?
    public var body: JSON?
    public var delayMilliseconds = 0
    /// How many matching requests it still applies to; nil until removed.
    public var remaining: Int? = 1

    public static let maxDelayMilliseconds = 60_000

    /// Reads `{"path", "method"?, "status"?, "code"?, "error"?, "body"?, "delayMs"?, "times"?}`.
    public init(json: JSONObject) throws {
        guard let path = json["path"]?.stringValue, path.hasPrefix("/") else { throw InvalidInput("\"path\" must start with /") }
        // In any spelling the router would take for /__admin (AdminPath): `//__admin/clock` too.
        guard !AdminPath.contains(path) else { throw InvalidInput("the /__admin routes cannot fail") }
        self.path = path
        shape = try PathShape(path)
        if let method = json["method"] {
            guard let name = method.stringValue, !name.isEmpty else { throw InvalidInput("\"method\" must be a string") }
            self.method = name == "*" ? "*" : name.uppercased()
        }
        if let status = json["status"] {
            // A success status only with the body it answers: a business error such as
            // `200 {"code":"1","msg":"失败"}`. Without one, the answer is an error's.
            let range = json["body"] == nil ? 400...599 : 200...599
            guard let code = status.intValue, range.contains(code) else {
                throw InvalidInput("\"status\" must be an integer in \(range.lowerBound)...\(range.upperBound)"
                                   + (json["body"] == nil ? " (200...599 with a \"body\")" : ""))
            }
            self.status = code
        }
        if let delay = json["delayMs"] {
            guard let ms = delay.intValue, (0...Self.maxDelayMilliseconds).contains(ms) else {
                throw InvalidInput("\"delayMs\" must be an integer in 0...\(Self.maxDelayMilliseconds)")
            }
            delayMilliseconds = ms
        }
        if let times = json["times"] {
            guard let count = times.intValue, count >= 0 else { throw InvalidInput("\"times\" must be a non-negative integer (0 = until removed)") }
            remaining = count == 0 ? nil : count
        }
        guard status != nil || delayMilliseconds > 0 else { throw InvalidInput("give a \"status\", a \"delayMs\", or both") }
        body = try Self.body(json, status: status)
    }

    /// The error body: `body` as given, else `{"code","error"}` from `code`/`error`, else the
    /// HTTP status and its reason phrase, like the server's own HTTP-level errors.
    private static func body(_ json: JSONObject, status: Int?) throws -> JSON? {
        guard let status else { return nil }
        if let body = json["body"] { return body }
        let code = json["code"].map { $0.intValue } ?? status
        guard let code else { throw InvalidInput("\"code\" must be an integer") }
        let message = json["error"].map { $0.stringValue } ?? HTTPStatus.reasonPhrase(status) + "."
        guard let message else { throw InvalidInput("\"error\" must be a string") }
        return [LCWireKey.code: JSON(code), LCWireKey.error: .string(message)]
    }

    func matches(method: String, path: String) -> Bool {
        guard self.method == "*" || self.method == method else { return false }
        switch shape {
        case .exact: return self.path == path
        case .prefix(let prefix): return path.hasPrefix(prefix)
        case .template(let template): return template.match(path) != nil
        }
    }

    /// How `path` is compared: a final `*` makes a prefix; a `:name` (or a final `*name`)
    /// segment a route template, read as custom routes read theirs (PathTemplate); else exact.
    private enum PathShape: Sendable, Equatable {
        case exact
        case prefix(Substring)
        case template(PathTemplate)

        init(_ path: String) throws {
            if path.hasSuffix("*") {
                self = .prefix(path.dropLast())
            } else if path.split(separator: "/").contains(where: { $0.hasPrefix(":") || $0.hasPrefix("*") }) {
                do {
                    self = .template(try PathTemplate(path))
                } catch let error as RouteDefinitionError {
                    throw InvalidInput("\"path\" \(error.reason)")
                }
            } else {
                self = .exact
            }
        }

        static func == (lhs: PathShape, rhs: PathShape) -> Bool {
            switch (lhs, rhs) {
            case (.exact, .exact): return true
            case (.prefix(let a), .prefix(let b)): return a == b
            case (.template(let a), .template(let b)): return a.text == b.text
            default: return false
            }
        }
    }

    public var json: JSON {
        var object: JSONObject = ["id": .string(id), "method": .string(method), "path": .string(path),
                                  "delayMs": JSON(delayMilliseconds), "times": remaining.map { JSON($0) } ?? 0]
        if let status { object["status"] = JSON(status) }
        if let body { object["body"] = body }
        return .object(object)
    }
}

// MARK: - FaultRoutes

/// `/__admin/faults` (master key): make the next matching requests fail or wait (docs/testing.md).
package enum FaultRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/__admin/faults", APIRoute(appAccess: .master) { request in
            let fault: Fault
            do {
                fault = try Fault(json: try request.jsonObjectBody())
            } catch let error as InvalidInput {
                throw APIError(.invalidParameter("Invalid fault: \(error.detail)."))
            }
            guard let added = request.app.faults.add(fault) else {
                throw APIError(.invalidParameter("At most \(Faults.capacity) faults per app."))
            }
            return APIResponse(json: added.json)
        })
        router.add("GET", "/__admin/faults", APIRoute(appAccess: .master) { request in
            APIResponse(json: ["results": .array(request.app.faults.all.map(\.json))])
        })
        router.add("DELETE", "/__admin/faults", APIRoute(appAccess: .master) { request in
            APIResponse(json: ["status": "ok", "deleted": JSON(request.app.faults.remove())])
        })
        router.add("DELETE", "/__admin/faults/:id", APIRoute(appAccess: .master) { request in
            let deleted = request.app.faults.remove(request.parameter("id"))
            return APIResponse(json: ["status": "ok", "deleted": JSON(deleted)])
        })
    }
}
