import EmuHTTP
import LCWire

/// The object API: create, fetch, update and delete one object (spec §2), on
/// `/1.1/classes/<Class>` and on the aliases of the built-in classes. Queries
/// (`GET /1.1/classes/<Class>`) belong to the query endpoints.
enum ObjectHandlers {
    static func register(in router: inout Router<APIRoute>) {
        for collection in ObjectCollection.all {
            router.add("POST", collection.pattern, create(collection))
            router.add("GET", collection.objectPattern, fetch(collection))
            router.add("PUT", collection.objectPattern, update(collection))
            router.add("DELETE", collection.objectPattern, delete(collection))
        }
    }

    /// `fetchWhenSave=true`, or the JS SDK's legacy `new=true` (spec §2.3).
    static func fetchWhenSave(_ request: APIRequest) -> Bool {
        RenderOptions.flag(request.query("fetchWhenSave")) || RenderOptions.flag(request.query("new"))
    }

    /// The `where` of a conditional update or delete, from the URL only (spec §2.5).
    static func condition(_ request: APIRequest) throws -> WhereMatcher? {
        try request.query("where").map { try WhereMatcher(text: $0) }
    }
}
