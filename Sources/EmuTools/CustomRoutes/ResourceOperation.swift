import EmuData
import EmuRouting

/// What a request to a resource asks for.
enum ResourceOperation: Sendable, Equatable {
    case list
    case create
    case fetch(id: String)
    case update(id: String)
    case delete(id: String)
}

extension ResourceSpec {
    /// The operation and the path's captures, when the method and path are the resource's.
    func operation(for request: IncomingRequest) -> (ResourceOperation, [String: String])? {
        let method = request.method == "HEAD" ? "GET" : request.method
        if let captures = path.match(request.path) {
            switch method {
            case "GET": return (.list, captures)
            case "POST": return (.create, captures)
            default: return nil
            }
        }
        guard let captures = itemPath.match(request.path), let id = captures["id"] else { return nil }
        switch method {
        case "GET": return (.fetch(id: id), captures)
        case "PUT", "PATCH": return (.update(id: id), captures)
        case "DELETE": return (.delete(id: id), captures)
        default: return nil
        }
    }

    /// Why a request is not this resource's, for the near-miss report.
    func differences(_ request: IncomingRequest) -> [String] {
        if path.match(request.path) != nil { return ["method: \(path.text) answers GET and POST, got \(request.method)"] }
        if itemPath.match(request.path) != nil { return ["method: \(itemPath.text) answers GET, PUT, PATCH and DELETE, got \(request.method)"] }
        return ["path: expected \(path.text) or \(itemPath.text), got \(request.path)"]
    }
}
