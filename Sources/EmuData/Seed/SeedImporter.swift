import LCWire

/// Turns exported JSON objects into records: shared by the seed and by `lcemu import`.
public enum SeedImporter {
    /// The objects of an array, or of an export object `{"results":[…]}`.
    public static func objects(in bytes: [UInt8]) throws -> [JSONObject] {
        try objects(in: JSONParser.parse(bytes))
    }

    /// The objects of a parsed array, or of a parsed export object `{"results":[…]}`.
    public static func objects(in json: JSON) throws -> [JSONObject] {
        guard let array = elements(in: json) else { throw ImportError(expectedShape) }
        return try array.map {
            guard let object = $0.objectValue else { throw ImportError("every element must be an object") }
            return object
        }
    }

    /// The elements of a parsed array, or of a parsed export object's `results`; nil otherwise.
    package static func elements(in json: JSON) -> [JSON]? {
        json.arrayValue ?? json.objectValue?["results"]?.arrayValue
    }

    /// Why a document that `elements(in:)` finds nothing in cannot be imported.
    package static let expectedShape = "expected an array of objects or {\"results\":[...]}"

    /// One record: server fields taken from the object when present, generated otherwise.
    public static func record(from object: JSONObject, className: String, now: LCDate) throws -> ObjectRecord {
        var fields = object
        let objectId = fields.removeValue(forKey: LCFieldName.objectId)?.stringValue ?? ObjectIdGenerator.shared.next()
        guard LCObjectId.isValid(objectId) else { throw ImportError("objectId '\(objectId)' is not 24 lowercase hex digits") }
        let createdAt = try date(fields.removeValue(forKey: LCFieldName.createdAt)) ?? now
        let updatedAt = try date(fields.removeValue(forKey: LCFieldName.updatedAt)) ?? createdAt
        let acl = fields.removeValue(forKey: LCFieldName.acl)?.objectValue
        return ObjectRecord(className: className, objectId: objectId, createdAt: createdAt, updatedAt: updatedAt,
                            acl: acl, fields: fields)
    }

    /// `createdAt`/`updatedAt` arrive as plain ISO strings or as Date objects.
    private static func date(_ value: JSON?) throws -> LCDate? {
        guard let value else { return nil }
        if let iso = value.stringValue, let date = LCDate(iso: iso) { return date }
        if let date = LCDate(json: value) { return date }
        throw ImportError("bad date \(value.jsonString)")
    }
}

/// Input that cannot be imported.
public struct ImportError: Error, CustomStringConvertible {
    public let description: String
    /// LeanCloud's error code for the same problem in a request, when it has one.
    public let code: Int?
    package init(_ description: String, code: Int? = nil) {
        self.description = description
        self.code = code
    }
}
