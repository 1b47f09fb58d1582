import Foundation
import LCWire

/// A Swift value that has a LeanCloud JSON form: what `LCObject.set(_:_:)` and query
/// constraints accept.
public protocol LCValueConvertible: Sendable {
    /// The value as the REST API encodes it (spec §2.7).
    var lcJSON: JSON { get }
}

extension JSON: LCValueConvertible { public var lcJSON: JSON { self } }
extension String: LCValueConvertible { public var lcJSON: JSON { .string(self) } }
extension Bool: LCValueConvertible { public var lcJSON: JSON { .bool(self) } }
extension Int: LCValueConvertible { public var lcJSON: JSON { .number(Double(self)) } }
extension Int64: LCValueConvertible { public var lcJSON: JSON { .number(Double(self)) } }
extension Double: LCValueConvertible { public var lcJSON: JSON { .number(self) } }

extension Date: LCValueConvertible {
    /// `{"__type":"Date","iso":"…"}` with millisecond precision.
    public var lcJSON: JSON { LCDate(self).json }
}

extension Data: LCValueConvertible {
    /// `{"__type":"Bytes","base64":"…"}`.
    public var lcJSON: JSON { [LCWireKey.type: "Bytes", LCWireKey.base64: .string(base64EncodedString())] }
}

extension LCPointer: LCValueConvertible {
    public var lcJSON: JSON { json }
}

extension LCGeoPoint: LCValueConvertible {
    public var lcJSON: JSON { json }
}

extension Array: LCValueConvertible where Element: LCValueConvertible {
    public var lcJSON: JSON { .array(map(\.lcJSON)) }
}

extension Dictionary: LCValueConvertible where Key == String, Value: LCValueConvertible {
    /// A JSON object with the keys in sorted order (dictionaries have none of their own).
    public var lcJSON: JSON {
        .object(JSONObject(keys.sorted().map { ($0, self[$0]!.lcJSON) }))
    }
}

extension Optional: LCValueConvertible where Wrapped: LCValueConvertible {
    public var lcJSON: JSON { self?.lcJSON ?? .null }
}
