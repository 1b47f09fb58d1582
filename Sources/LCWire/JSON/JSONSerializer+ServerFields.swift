import Primitives

/// An object row's server fields written in one piece: a fetch and every object of a query page
/// end with them, and the dozen small appends they took (names, quotes, each date, the id)
/// cost more than their text (issue 31: about 1,700 instructions of a fetch's 48,000).
extension JSONSerializer {
    /// Appends `"createdAt":"…","updatedAt":"…","objectId":"…"`, in the order of the object's
    /// response form (`ObjectRenderer.wireForm`), byte for byte what appending the names, the
    /// two `iso` strings and the id as a JSON string gives. `objectId` is UTF-8; an id that
    /// needs escaping, or that is not ASCII, is written by `appendString`.
    public mutating func appendServerFields(createdAt: LCDate, updatedAt: LCDate,
                                            objectId: UnsafeBufferPointer<UInt8>) {
        guard Self.isPlainASCII(objectId) else {
            appendASCII(#""createdAt":"#)
            appendISOString(createdAt)
            appendASCII(#","updatedAt":"#)
            appendISOString(updatedAt)
            appendASCII(#","objectId":"#)
            appendString(String(decoding: objectId, as: UTF8.self))
            return
        }
        // The names, colons, commas and quotes take 43 bytes; each date at most `maximumISOLength`.
        let capacity = 64 + 2 * LCDate.maximumISOLength + objectId.count
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var text = ByteCursor(buffer)
            text.put(#""createdAt":""#)
            let created = text.count
            text.count += createdAt.writeISO(into: text.rest)
            let createdText = UnsafeBufferPointer(rebasing: buffer[created..<text.count])
            text.put(#"","updatedAt":""#)
            // An object never updated has the same two dates (most rows of a page): copied.
            if updatedAt == createdAt { text.put(createdText) } else { text.count += updatedAt.writeISO(into: text.rest) }
            text.put(#"","objectId":""#)
            text.put(objectId)
            text.put(#"""#)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<text.count]))
        }
    }

    /// Whether `text` needs no escape and is plain ASCII (`JSONStringScan`, eight bytes at a time).
    static func isPlainASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        JSONStringScan.endOfPlainRun(in: text, from: 0, nonASCII: true) == text.count
    }
}

/// Writes bytes one piece after another into a buffer the caller sized.
private struct ByteCursor {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// What is left of the buffer, for a writer that returns how much it wrote.
    var rest: UnsafeMutableBufferPointer<UInt8> { UnsafeMutableBufferPointer(rebasing: buffer[count...]) }

    mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        (buffer.baseAddress! + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }
}
