extension LCApplication {
    /// Saves typed models in one `batch/save` and answers them with their ids and dates.
    public func saveAll<Model: LCModel>(_ models: [Model], options: LCRequestOptions = .default) async throws -> [Model] {
        var objects = try models.map { try $0.lcObject() }
        try await LCBatch.save(&objects, in: self, options: options)
        return try objects.map { try $0.decode(as: Model.self) }
    }

    /// Deletes typed models in one `batch`.
    public func deleteAll<Model: LCModel>(_ models: [Model], options: LCRequestOptions = .default) async throws {
        try await LCBatch.delete(models.map { try $0.lcObject() }, in: self, options: options)
    }
}
