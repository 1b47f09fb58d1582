import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// Patterns the spec fixes for server-made values (§2.2).
enum WirePattern {
    static var objectId: Regex<Substring> { #/^[0-9a-f]{24}$/# }
    static var date: Regex<Substring> { #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/# }
}

extension TestClient {
    /// Creates an object and returns its id, failing the test unless the answer is 201.
    @discardableResult
    func create(_ className: String, _ body: JSON, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let response = try post("/1.1/classes/\(className)", json: body)
        #expect(response.status == 201, "\(response.text)", sourceLocation: sourceLocation)
        return try #require(response.json?["objectId"]?.stringValue, sourceLocation: sourceLocation)
    }

    /// Fetches an object's JSON, failing the test unless the answer is 200.
    func fetch(_ className: String, _ objectId: String, query: String = "",
               sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
        let response = try get("/1.1/classes/\(className)/\(objectId)\(query.isEmpty ? "" : "?" + query)")
        #expect(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
        return try #require(response.json, sourceLocation: sourceLocation)
    }

    /// Sends a PUT and returns the answer.
    func update(_ className: String, _ objectId: String, _ body: JSON, query: String = "") throws -> TestClient.Response {
        try put("/1.1/classes/\(className)/\(objectId)\(query.isEmpty ? "" : "?" + query)", json: body)
    }
}

/// The code of an error answer.
func errorCode(_ response: TestClient.Response) -> Int? {
    response.json?["code"]?.intValue
}

/// A Pointer value.
func pointer(_ className: String, _ objectId: String) -> JSON {
    ["__type": "Pointer", "className": .string(className), "objectId": .string(objectId)]
}
