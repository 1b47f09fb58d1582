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
