import LCWire

extension LCQuery {
    /// The matching objects (one page: `skip`/`limit` as set, the server's default limit 100).
    public func find(in app: LCApplication, options: LCRequestOptions = .default) async throws -> [LCObject] {
        try await results(in: app, count: false, options: options).objects
    }

    /// The first matching object, or nil.
    public func first(in app: LCApplication, options: LCRequestOptions = .default) async throws -> LCObject? {
        try await limit(1).find(in: app, options: options).first
    }

    /// The number of matching objects (`count=1&limit=0`; skip and limit do not apply).
    public func count(in app: LCApplication, options: LCRequestOptions = .default) async throws -> Int {
        try await limit(0).results(in: app, count: true, options: options).count ?? 0
    }

    /// One object of the class by id, with this query's `keys` and `include`.
    public func get(_ objectId: String, in app: LCApplication, options: LCRequestOptions = .default) async throws -> LCObject {
        try await LCObject.get(className: className, objectId: objectId, keys: selectedKeys, include: includedKeys,
                               in: app, options: options)
    }

    /// One request: the objects and, when asked, the count.
    func results(in app: LCApplication, count: Bool, options: LCRequestOptions) async throws -> (objects: [LCObject], count: Int?) {
        let answer = try await app.request("GET", LCPaths.classPath(className), query: parameters(count: count), options: options)
        guard let results = answer["results"]?.arrayValue else {
            throw LCError(code: .invalidResponse, message: "A query answer without results.", httpStatus: 200)
        }
        let objects = results.compactMap { $0.objectValue.map { LCObject(className: className, serverData: $0) } }
        return (objects, answer["count"]?.intValue)
    }

    /// Every matching object, fetched page by page as the sequence is iterated.
    ///
    /// Pages follow the query's own order (objectId order when it has none, so that pages do
    /// not overlap) with `skip`, starting at the query's `skip`; `pageSize` is 1…1000.
    public func objects(in app: LCApplication, pageSize: Int = 100, options: LCRequestOptions = .default) -> LCQueryResults {
        LCQueryResults(query: orderKeys.isEmpty ? order(by: "objectId") : self, app: app,
                       pageSize: min(max(pageSize, 1), 1000), options: options)
    }
}

extension LCQuery {
    /// Every matching object as a typed model, page by page:
    /// `for try await post in query.models(as: Post.self, in: app) { … }`.
    public func models<Model: LCModel>(as type: Model.Type, in app: LCApplication, pageSize: Int = 100,
                                       options: LCRequestOptions = .default) -> AsyncThrowingMapSequence<LCQueryResults, Model> {
        objects(in: app, pageSize: pageSize, options: options).map { try $0.decode(as: Model.self) }
    }
}

/// The `AsyncSequence` of `LCQuery.objects(in:)`: one request per page, lazily.
public struct LCQueryResults: AsyncSequence, Sendable {
    public typealias Element = LCObject
    let query: LCQuery
    let app: LCApplication
    let pageSize: Int
    let options: LCRequestOptions

    public struct AsyncIterator: AsyncIteratorProtocol {
        let results: LCQueryResults
        var buffer: [LCObject] = []
        var nextSkip: Int
        var finished = false

        public mutating func next() async throws -> LCObject? {
            if buffer.isEmpty && !finished {
                let page = try await results.query.skip(nextSkip).limit(results.pageSize)
                    .find(in: results.app, options: results.options)
                nextSkip += page.count
                finished = page.count < results.pageSize
                buffer = page.reversed()
            }
            return buffer.popLast()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(results: self, nextSkip: query.skipCount ?? 0)
    }
}
