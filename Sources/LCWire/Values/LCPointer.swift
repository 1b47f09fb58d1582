/// A reference to an object: `{"__type":"Pointer","className":"Post","objectId":"…"}` (spec §2.7).
///
/// ```swift
/// let author = LCPointer(className: "_User", objectId: "55a47496e4b05001a7732c5f")
/// LCPointer(json: author.json) == author   // true
/// ```
public struct LCPointer: Hashable, Sendable {
    /// The target class, e.g. `Post` or `_User`.
    public var className: String
    /// The target's object id.
    public var objectId: String

    /// A pointer to `objectId` in `className`.
    public init(className: String, objectId: String) {
        self.className = className
        self.objectId = objectId
    }

    /// The wire form, keys in the order the docs print them.
    public var json: JSON {
        [
            LCWireKey.type: .string(LCTypeName.pointer.rawValue),
            LCWireKey.className: .string(className),
            LCWireKey.objectId: .string(objectId),
        ]
    }

    /// Reads a Pointer value; nil unless `__type` is `Pointer` and both names are non-empty
    /// strings (malformed pointers are error 106). Extra keys, as in an included pointer, are ignored.
    public init?(json: JSON) {
        guard LCTypeName(of: json) == .pointer,
              let className = json[LCWireKey.className]?.stringValue, !className.isEmpty,
              let objectId = json[LCWireKey.objectId]?.stringValue, !objectId.isEmpty
        else { return nil }
        self.init(className: className, objectId: objectId)
    }
}
