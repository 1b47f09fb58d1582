import LCWire

extension LCObject {
    /// Creates (POST) or updates (PUT) the object with its unsaved changes, then folds the
    /// answer in. `condition` makes an update conditional (spec §2.5: 305 when it fails).
    public mutating func save(
        in app: LCApplication, fetchWhenSave: Bool = false, where condition: LCQuery? = nil,
        options: LCRequestOptions = .default
    ) async throws {
        var query: [(String, String)] = []
        if fetchWhenSave { query.append(("fetchWhenSave", "true")) }
        if let condition { query.append(("where", condition.whereJSON.jsonString)) }
        let body = JSON.object(changes)
        let answer: JSON
        if let objectId {
            answer = try await app.request("PUT", LCPaths.objectPath(className, objectId), query: query, body: body, options: options)
        } else {
            answer = try await app.request("POST", LCPaths.classPath(className), query: query, body: body, options: options)
        }
        acceptSaved(changes: changes, answer: answer.objectValue ?? JSONObject())
    }

    /// After a save: plain values become server data, operations wait for a fetch (or come
    /// back in the answer with `fetchWhenSave`).
    mutating func acceptSaved(changes saved: JSONObject, answer: JSONObject) {
        for (key, value) in saved where value[LCWireKey.op] == nil { serverData[key] = value }
        for (key, value) in saved where value[LCWireKey.op] != nil {
            if value[LCWireKey.op]?.stringValue == "Delete" { _ = serverData.removeValue(forKey: key) }
        }
        for (key, _) in saved { _ = changes.removeValue(forKey: key) }
        merge(serverData: answer)
        if updatedAt == nil { updatedAt = createdAt }
    }

    /// Reloads the object from the server; unknown ids fail with `.objectNotFound`.
    public mutating func fetch(
        in app: LCApplication, keys: [String] = [], include: [String] = [], options: LCRequestOptions = .default
    ) async throws {
        guard let objectId else { throw LCError(code: .missingObjectId, message: "The object has no objectId.") }
        let fetched = try await Self.get(className: className, objectId: objectId, keys: keys, include: include, in: app, options: options)
        serverData = JSONObject()
        merge(serverData: fetched.serverData)
        createdAt = fetched.createdAt
        updatedAt = fetched.updatedAt
    }

    /// One object by id. The server answers `{}` for an unknown id of an existing class
    /// (spec §2.4); that becomes `.objectNotFound`, as in the reference SDKs.
    public static func get(
        className: String, objectId: String, keys: [String] = [], include: [String] = [],
        in app: LCApplication, options: LCRequestOptions = .default
    ) async throws -> LCObject {
        var query: [(String, String)] = []
        if !keys.isEmpty { query.append(("keys", keys.joined(separator: ","))) }
        if !include.isEmpty { query.append(("include", include.joined(separator: ","))) }
        let answer = try await app.request("GET", LCPaths.objectPath(className, objectId), query: query, options: options)
        guard let object = answer.objectValue, !object.isEmpty else {
            throw LCError(code: .objectNotFound, message: "Object not found.", httpStatus: 200)
        }
        return LCObject(className: className, serverData: object)
    }

    /// Deletes the object; `condition` makes it conditional (305 when it fails).
    public func delete(in app: LCApplication, where condition: LCQuery? = nil, options: LCRequestOptions = .default) async throws {
        guard let objectId else { throw LCError(code: .missingObjectId, message: "The object has no objectId.") }
        let query = condition.map { [("where", $0.whereJSON.jsonString)] } ?? []
        _ = try await app.request("DELETE", LCPaths.objectPath(className, objectId), query: query, options: options)
    }
}
