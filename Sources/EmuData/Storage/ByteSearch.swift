#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a text holds a byte sequence, by `memchr` to the next candidate and `memcmp`: for
/// the searches every request of their kind makes (a query's SQL for `$regex`, a stored row for
/// a File reference). The standard library's `firstRange(of:)` is generic over the
/// collections and, unspecialized across modules, looked up type metadata for every position
/// compared: checking a query page's SQL for `$regex` took a fifth of the page's CPU with it.
enum ByteSearch {
    /// Whether `text` contains `needle`. `anchor` is the position in `needle` of its rarest byte,
    /// the one `memchr` looks for: each stop at a false candidate costs a call.
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], anchor: Int = 0) -> Bool {
        precondition(needle.indices.contains(anchor), "the anchor is a position in the needle")
        guard let base = text.baseAddress, text.count >= needle.count else { return false }
        return needle.withUnsafeBufferPointer { needle in
            let end = base + (text.count - needle.count + anchor + 1)  // past the last possible anchor
            var at = base + anchor
            while at < end, let found = memchr(at, Int32(needle[anchor]), end - at) {
                let anchored = found.assumingMemoryBound(to: UInt8.self)
                if memcmp(anchored - anchor, needle.baseAddress!, needle.count) == 0 { return true }
                at = UnsafePointer(anchored) + 1
            }
            return false
        }
    }

    /// Whether `text`'s UTF-8 contains `needle`.
    static func contains(_ text: String, _ needle: [UInt8], anchor: Int = 0) -> Bool {
        var text = text
        // Native strings are contiguous UTF-8 already: `withUTF8` copies nothing for them.
        return text.withUTF8 { contains($0, needle, anchor: anchor) }
    }
}
