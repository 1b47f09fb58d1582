import LCWire

extension LCApplication {
    /// Creates or updates a typed model and answers it with the server's objectId and dates.
    public func save<Model: LCModel>(_ model: Model, fetchWhenSave: Bool = false, options: LCRequestOptions = .default) async throws -> Model {
        var object = try model.lcObject()
        try await object.save(in: self, fetchWhenSave: fetchWhenSave, options: options)
        return try object.decode(as: Model.self)
    }

    /// Fetches a typed model by id (`.objectNotFound` when it does not exist).
    public func fetch<Model: LCModel>(_ type: Model.Type, id: String, include: [String] = [], options: LCRequestOptions = .default) async throws -> Model {
        try await LCObject.get(className: Model.className, objectId: id, include: include, in: self, options: options)
            .decode(as: Model.self)
    }

    /// Deletes a typed model.
    public func delete<Model: LCModel>(_ model: Model, options: LCRequestOptions = .default) async throws {
        try await model.lcObject().delete(in: self, options: options)
    }

    /// Applies atomic operations to a saved model (counters, arrays, relations) and answers the
    /// model re-read with the new values.
    public func update<Model: LCModel>(_ model: Model, _ operations: [String: LCOperation], options: LCRequestOptions = .default) async throws -> Model {
        let template = try model.lcObject()
        guard let objectId = template.objectId else { throw LCError(code: .missingObjectId, message: "The model is not saved.") }
        var object = LCObject(className: Model.className, objectId: objectId)
        for key in operations.keys.sorted() { object.apply(operations[key]!, to: key) }
        try await object.save(in: self, options: options)
        return try await fetch(Model.self, id: objectId, options: options)
    }

    /// The results of `query` as typed models.
    public func find<Model: LCModel>(_ query: LCQuery, as type: Model.Type, options: LCRequestOptions = .default) async throws -> [Model] {
        try await query.find(in: self, options: options).map { try $0.decode(as: Model.self) }
    }
}
