/// Keys that structure LeanCloud's JSON: inside typed values, operators and error bodies.
///
/// Standard object fields (`objectId`, `createdAt`, …) live in `LCFieldName`; this enum names
/// the keys of the wire format itself, so no other file spells them.
public enum LCWireKey {
    /// `__type`, the tag of a typed value (spec §2.7).
    public static let type = "__type"
    /// `__op`, the name of an update operator (spec §2.8).
    public static let op = "__op"
    /// `iso`, the timestamp of a Date value.
    public static let iso = "iso"
    /// `base64`, the payload of a Bytes value.
    public static let base64 = "base64"
    /// `className`, in Pointer, Relation and Object values.
    public static let className = "className"
    /// `objectId`, in Pointer and Object values.
    public static let objectId = LCFieldName.objectId
    /// `id`, the `_File` objectId in the File write form.
    public static let id = "id"
    /// `url`, in File values.
    public static let url = "url"
    /// `name`, in File values.
    public static let name = "name"
    /// `latitude`, in GeoPoint values.
    public static let latitude = "latitude"
    /// `longitude`, in GeoPoint values.
    public static let longitude = "longitude"
    /// `amount`, of Increment and Decrement.
    public static let amount = "amount"
    /// `objects`, of Add, AddUnique, Remove, AddRelation and RemoveRelation.
    public static let objects = "objects"
    /// `value`, of BitAnd, BitOr and BitXor.
    public static let value = "value"
    /// `ops`, of Batch.
    public static let ops = "ops"
    /// `code`, the number in an error body (spec §1.5).
    public static let code = "code"
    /// `error`, the message in an error body (spec §1.5).
    public static let error = "error"
}

// MARK: - LCTypeName, the __type tags

/// The `__type` tags of LeanCloud's typed JSON values (spec §2.7).
///
/// ```swift
/// value[LCWireKey.type] == .string(LCTypeName.date.rawValue)
/// ```
public enum LCTypeName: String, CaseIterable, Sendable {
    /// `{"__type":"Date","iso":"2015-06-21T18:02:52.249Z"}`.
    case date = "Date"
    /// `{"__type":"Bytes","base64":"…"}`, standard base64 without whitespace.
    case bytes = "Bytes"
    /// `{"__type":"Pointer","className":"Post","objectId":"…"}`; included pointers keep this tag.
    case pointer = "Pointer"
    /// `{"__type":"Relation","className":"_User"}`, the read form of a relation field.
    case relation = "Relation"
    /// `{"__type":"File","id":"…"}` (write) or the full file object (read).
    case file = "File"
    /// `{"__type":"GeoPoint","latitude":39.9,"longitude":116.4}`.
    case geoPoint = "GeoPoint"
    /// `{"__type":"Object","className":"Post","objectId":…,…}`, a full object in RPC results.
    case object = "Object"

    /// The tag of `value` when it is an object carrying a known `__type`.
    public init?(of value: JSON) {
        guard let tag = value[LCWireKey.type]?.stringValue else { return nil }
        self.init(rawValue: tag)
    }
}

// MARK: - LCOperationName, the __op names

/// The `__op` names of LeanCloud's atomic update operators (spec §2.8).
///
/// ```swift
/// let body: JSON = ["likes": [LCWireKey.op: .string(LCOperationName.increment.rawValue), "amount": 1]]
/// ```
public enum LCOperationName: String, CaseIterable, Sendable {
    /// Removes the field.
    case delete = "Delete"
    /// Adds `amount` (a missing field counts as 0).
    case increment = "Increment"
    /// Subtracts `amount`.
    case decrement = "Decrement"
    /// Appends every item of `objects`.
    case add = "Add"
    /// Appends the items of `objects` not already present.
    case addUnique = "AddUnique"
    /// Removes every occurrence of each item of `objects`.
    case remove = "Remove"
    /// Adds the pointers in `objects` to a relation.
    case addRelation = "AddRelation"
    /// Removes the pointers in `objects` from a relation.
    case removeRelation = "RemoveRelation"
    /// Bitwise AND with the integer `value`.
    case bitAnd = "BitAnd"
    /// Bitwise OR with the integer `value`.
    case bitOr = "BitOr"
    /// Bitwise XOR with the integer `value`.
    case bitXor = "BitXor"
    /// Several operations in `ops`, sent by the Python SDK to add and remove relation members at once.
    case batch = "Batch"

    /// The operator of `value` when it is an object carrying a known `__op`.
    public init?(of value: JSON) {
        guard let name = value[LCWireKey.op]?.stringValue else { return nil }
        self.init(rawValue: name)
    }
}
