extension LCRequestSignature {
    /// The comma-separated fields of a header, before any judgement about their contents.
    struct Components {
        var digest: Substring
        var timestamp: Substring
        var suffix: Substring?
        /// 32 hex digits of either case.
        let hasValidDigestShape: Bool
        /// Whether the digest uses `A-F`.
        let hasUppercaseDigest: Bool
        /// The timestamp when it is 1–18 decimal digits (18 fit `Int64` whatever they are).
        let timestampValue: Int64?

        /// Two or three comma-separated fields, else nil. Substrings of the header: no copies.
        /// Its bytes are read once, for the commas, the digest's shape and the timestamp's value:
        /// every signed request comes here, and substring scans were a visible share of it.
        init?(_ header: String) {
            let utf8 = header.utf8
            let scanned = utf8.withContiguousStorageIfAvailable(Scan.init) ?? Array(utf8).withUnsafeBufferPointer(Scan.init)
            guard let scan = scanned else { return nil }
            func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
            digest = header[..<index(scan.firstComma)]
            let timestampEnd = scan.secondComma.map(index) ?? header.endIndex
            timestamp = header[index(scan.firstComma + 1)..<timestampEnd]
            suffix = scan.secondComma.map { header[index($0 + 1)...] }
            hasValidDigestShape = scan.hexDigest
            hasUppercaseDigest = scan.uppercase
            timestampValue = scan.timestamp
        }
    }

    /// What one pass over a header's bytes finds.
    private struct Scan {
        var firstComma: Int
        var secondComma: Int?
        var hexDigest = true
        var uppercase = false
        var timestamp: Int64?

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            let comma = UInt8(ascii: ",")
            guard let first = bytes.firstIndex(of: comma) else { return nil }
            firstComma = first
            secondComma = bytes[(first + 1)...].firstIndex(of: comma)
            if let second = secondComma, bytes[(second + 1)...].contains(comma) { return nil }
            hexDigest = first == 32
            for byte in bytes[..<first] {
                let lower = byte | 0x20
                if !Self.isDigit(byte) && !(lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f")) { hexDigest = false }
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F") { uppercase = true }
            }
            let digits = bytes[(first + 1)..<(secondComma ?? bytes.count)]
            if (1...18).contains(digits.count), digits.allSatisfy(Self.isDigit) {
                timestamp = digits.reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
            }
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    }
}
