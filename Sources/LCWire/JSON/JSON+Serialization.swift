extension JSON {
    /// The compact UTF-8 text of this value, as `JSON.stringify` writes it.
    ///
    /// ```swift
    /// JSON.object(["a": [1, "x"]]).serialized()   // Array(#"{"a":[1,"x"]}"#.utf8)
    /// ```
    public func serialized() -> [UInt8] { JSONSerializer.serialize(self) }

    /// The compact text of this value as a `String`.
    public var jsonString: String { String(decoding: serialized(), as: UTF8.self) }
}
