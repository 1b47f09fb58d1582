/// Percent-decoding of request-target components (RFC 3986 §2.1).
///
/// Paths are decoded strictly, because routing and storage keys depend on them; queries are
/// decoded the way HTML forms encode them (`+` is a space) and leniently, because clients in
/// the wild send stray `%` signs in query values.
enum PercentDecoding {
    /// Decodes a path: every `%` must start a `%XX` escape and the result must be UTF-8.
    /// `+` stays `+`: the form-encoding convention applies to queries only.
    static func decodePath(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) throws(HTTPParseError) -> String {
        guard let firstEscape = firstIndex(of: HTTPBytes.percent, in: bytes, range) else {
            // Fast path: the target was checked to be printable ASCII, hence valid UTF-8.
            return HTTPBytes.string(bytes, range)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<firstEscape]))
        var index = firstEscape
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == HTTPBytes.percent {
                guard let value = escapedByte(bytes, at: index, end: range.upperBound) else {
                    throw .badRequest("invalid percent-encoding in path")
                }
                decoded.append(value)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        guard let path = String(validating: decoded, as: UTF8.self) else {
            throw .badRequest("path is not valid UTF-8")
        }
        return path
    }

    /// Splits a query on `&`, then each part on its first `=`, and decodes names and values.
    /// Order and repeated names are kept; a part without `=` has the value "" and empty parts
    /// (as in `a=1&&b=2`) are skipped.
    static func decodeQuery(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        var partStart = range.lowerBound
        while partStart < range.upperBound {
            var partEnd = partStart
            var equals: Int?
            while partEnd < range.upperBound && bytes[partEnd] != HTTPBytes.ampersand {
                if equals == nil && bytes[partEnd] == HTTPBytes.equals { equals = partEnd }
                partEnd += 1
            }
            if partEnd > partStart {
                if let equals {
                    pairs.append((decodeQueryComponent(bytes, partStart..<equals),
                                  decodeQueryComponent(bytes, equals + 1..<partEnd)))
                } else {
                    pairs.append((decodeQueryComponent(bytes, partStart..<partEnd), ""))
                }
            }
            partStart = partEnd + 1
        }
        return pairs
    }

    /// Decodes one query name or value: `+` is a space, a `%` that does not start a valid
    /// escape is kept literally, and bytes that are not UTF-8 become U+FFFD.
    static func decodeQueryComponent(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var needsDecoding = false
        for index in range where bytes[index] == HTTPBytes.percent || bytes[index] == HTTPBytes.plus {
            needsDecoding = true
            break
        }
        guard needsDecoding else { return HTTPBytes.string(bytes, range) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == HTTPBytes.percent, let value = escapedByte(bytes, at: index, end: range.upperBound) {
                decoded.append(value)
                index += 3
            } else {
                decoded.append(byte == HTTPBytes.plus ? HTTPBytes.space : byte)
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The byte encoded by the `%XX` escape at `index`, or nil if it is truncated or not hex.
    @inline(__always)
    static func escapedByte(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> UInt8? {
        guard end - index >= 3,
              let high = HTTPBytes.hexValue(bytes[index + 1]),
              let low = HTTPBytes.hexValue(bytes[index + 2])
        else { return nil }
        return UInt8(truncatingIfNeeded: high << 4 | low)
    }

    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        for index in range where bytes[index] == byte { return index }
        return nil
    }
}
