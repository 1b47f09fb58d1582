#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LCWire
import Primitives

/// Class schemas as parsed values, found by their stored text. Every create and every query reads
/// its class's `classes.schema` text, and parsing it was 1–2 % of a create's CPU, each time giving
/// the same value for the same text. Looked up by the text's bytes, not by class: a schema that
/// changed is another text, parsed anew, so a value found here is never stale, whatever
/// transaction wrote or rolled back what. Process-wide and bounded (`capacity` texts).
enum ParsedSchemas {
    static let capacity = 32

    private struct Entry {
        let text: [UInt8]
        let fields: JSONObject
    }

    private struct Cache {
        var entries: [Entry] = []
        /// The entry the next new text replaces once the cache is full.
        var nextVictim = 0
    }

    private static let cache = Locked(Cache())

    /// The fields of a schema text, `{"field":{"type":"String"},…}`; nil when the text is not a
    /// JSON object (an unreadable schema, which callers read as empty).
    static func fields(of text: UnsafeBufferPointer<UInt8>) -> JSONObject? {
        if let known = cache.withValue({ cache in cache.entries.first { equal($0.text, text) }?.fields }) {
            return known
        }
        guard let fields = try? JSONParser.parse(text).objectValue else { return nil }
        let entry = Entry(text: Array(text), fields: fields)
        cache.withValue { cache in
            if cache.entries.count < capacity {
                cache.entries.append(entry)
            } else {
                cache.entries[cache.nextVictim] = entry
                cache.nextVictim = (cache.nextVictim + 1) % capacity
            }
        }
        return fields
    }

    private static func equal(_ stored: [UInt8], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard stored.count == text.count else { return false }
        guard let base = text.baseAddress, !text.isEmpty else { return true }  // both empty
        return stored.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, text.count) == 0 }
    }
}
