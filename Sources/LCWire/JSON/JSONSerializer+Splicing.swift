/// What a response written row by row needs beside `append(_:)`: stored JSON copied as it is
/// (`CanonicalJSON`), dates and plain strings written without making `String`s first.
extension JSONSerializer {
    /// Appends `date.iso` as a JSON string, formatted in place: a query page writes two per object.
    public mutating func appendISOString(_ date: LCDate) {
        appendByte(UInt8(ascii: "\""))
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: LCDate.maximumISOLength) { buffer in
            let count = date.writeISO(into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        appendByte(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 text as a JSON string: plain ASCII copied, anything else through `appendString`.
    public mutating func appendString(utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else {
            appendString(String(decoding: utf8, as: UTF8.self))
            return
        }
        appendByte(UInt8(ascii: "\""))
        bytes.append(contentsOf: utf8)
        appendByte(UInt8(ascii: "\""))
    }

    /// Appends JSON text as it is. Only for text `CanonicalJSON` accepted (or a piece of it),
    /// so that the output stays what serializing its parsed value would give.
    public mutating func appendCanonical(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
    }
}
