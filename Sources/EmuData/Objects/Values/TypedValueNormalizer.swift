#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// Checks a value a client writes and turns it into the form LCEmu stores (spec §2.7):
/// Dates with the canonical `iso`, Pointers bare, the three File write forms into one file
/// reference, GeoPoints range-checked; keys of embedded objects free of `$` and `.` (121).
///
/// Codes: a malformed Pointer is 106, a GeoPoint out of range 302, a nested key 121, any
/// other malformed or unknown `__type` 111 (docs/compatibility.md).
enum TypedValueNormalizer {
    /// The stored form of `value`, written under `key`. `topLevel` is false inside arrays and
    /// embedded objects, where a Relation cannot live.
    static func normalize(_ value: JSON, key: String, topLevel: Bool = true) throws -> JSON {
        switch value {
        case .array(let items):
            return .array(try items.map { try normalize($0, key: key, topLevel: false) })
        case .object(let object):
            if let tag = object[LCWireKey.type] {
                guard let name = tag.stringValue else {
                    throw APIError(.invalidTypedValue(key: key, detail: "'__type' must be a string"))
                }
                return try typed(name, object, key: key, topLevel: topLevel)
            }
            if object[LCWireKey.op] != nil {
                throw APIError(.invalidOperation(key: key, detail: "operations apply to whole fields, not nested values"))
            }
            var normalized = JSONObject()
            for (member, inner) in object {
                guard LCNames.isValidNestedKey(member) else { throw APIError(.invalidNestedKey) }
                normalized[member] = try normalize(inner, key: key, topLevel: false)
            }
            return .object(normalized)
        default:
            return value
        }
    }

    private static func typed(_ name: String, _ object: JSONObject, key: String, topLevel: Bool) throws -> JSON {
        switch LCTypeName(rawValue: name) {
        case .date?:
            guard let date = LCDate(json: .object(object)) else {
                throw APIError(.invalidTypedValue(key: key, detail: "a Date needs an ISO 8601 'iso'"))
            }
            return date.json
        case .bytes?:
            guard let base64 = object[LCWireKey.base64]?.stringValue, Data(base64Encoded: base64) != nil else {
                throw APIError(.invalidTypedValue(key: key, detail: "Bytes need a standard base64 'base64'"))
            }
            return [LCWireKey.type: .string(name), LCWireKey.base64: .string(base64)]
        case .pointer?, .object?:
            // An `Object` (a full object, as RPC results carry) is stored as its pointer.
            guard let className = object[LCWireKey.className]?.stringValue, LCNames.isValidClassName(className),
                  let objectId = object[LCWireKey.objectId]?.stringValue, !objectId.isEmpty else {
                throw APIError(.malformedPointer)
            }
            let pointer = LCPointer(className: className, objectId: objectId)
            if pointer.className == LCClassName.file { return StoredReference.file(objectId: pointer.objectId) }
            return pointer.json
        case .relation?:
            guard topLevel, let className = object[LCWireKey.className]?.stringValue,
                  LCNames.isValidClassName(className) else {
                throw APIError(.invalidTypedValue(key: key, detail: "a Relation is a top-level field with a valid 'className'"))
            }
            return StoredReference.relation(className: className)
        case .file?:
            guard let file = StoredReference.file(from: object) else {
                throw APIError(.invalidTypedValue(key: key, detail: "a File needs an 'id', 'objectId' or 'url'"))
            }
            return file
        case .geoPoint?:
            guard let point = LCGeoPoint(json: .object(object)) else { throw APIError(.invalidGeoPoint) }
            return point.json
        case nil:
            throw APIError(.invalidTypedValue(key: key, detail: "unknown __type '\(name)'"))
        }
    }
}
