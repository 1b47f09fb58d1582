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
