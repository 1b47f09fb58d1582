import Testing
@testable import LCWire

@Suite struct LCRequestSignatureTests {
    static let appKey = "UtOCzqb67d3sN12Kts4URwy8"
    static let masterKey = "DyJegPlemooo4X1tg94gQkw1"
    static let timestamp: Int64 = 1_453_014_943_466

    @Test func make_matchesSpecExampleWithAppKey() {
        #expect(LCRequestSignature.make(key: Self.appKey, timestamp: Self.timestamp)
            == "d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466")
    }

    @Test func make_matchesSpecExampleWithMasterKey() {
        #expect(LCRequestSignature.make(key: Self.masterKey, timestamp: Self.timestamp, master: true)
            == "e074720658078c898aa0d4b1b82bdf4b,1453014943466,master")
    }

    @Test func digest_hashesTimestampThenKey() {
        #expect(LCRequestSignature.digest(key: Self.appKey, timestamp: "1453014943466") == MD5.hex("1453014943466" + Self.appKey))
    }

    @Test func parse_splitsClientSignature() throws {
        let parts = try #require(LCRequestSignature.parse("d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466"))
        #expect(parts.digest == "d5bcbb897e19b2f6633c716dfdfaf9be")
        #expect(parts.timestamp == "1453014943466")
        #expect(!parts.isMaster)
    }

    @Test func parse_recognisesMasterSuffix() throws {
        let parts = try #require(LCRequestSignature.parse("e074720658078c898aa0d4b1b82bdf4b,1453014943466,master"))
        #expect(parts.isMaster)
    }

    @Test func parse_keepsDigestCase() {
        #expect(LCRequestSignature.parse("D5BCBB897E19B2F6633C716DFDFAF9BE,1453014943466")?.digest
            == "D5BCBB897E19B2F6633C716DFDFAF9BE")
    }

    static let malformed: [String] = [
        "", "d5bcbb897e19b2f6633c716dfdfaf9be", "d5bcbb897e19b2f6633c716dfdfaf9be,",
        ",1453014943466", "d5bcbb897e19b2f6633c716dfdfaf9b,1453014943466",
        "d5bcbb897e19b2f6633c716dfdfaf9bez,1453014943466", "g5bcbb897e19b2f6633c716dfdfaf9be,1453014943466",
        "d5bcbb897e19b2f6633c716dfdfaf9be,14530149434x6", "d5bcbb897e19b2f6633c716dfdfaf9be,-1453014943466",
        "d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466,Master",
        "d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466,ax-sig-1",
        "d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466,master,x",
        "d5bcbb897e19b2f6633c716dfdfaf9be, 1453014943466",
    ]

    @Test(arguments: malformed)
    func parse_rejectsMalformedHeader(header: String) {
        #expect(LCRequestSignature.parse(header) == nil)
    }

    /// Timestamps of 1 to 20 digits (8 to 16 are read as two words), with one byte near the digits
    /// (`/`, `:` to `?`, a space, `p`) at every place, with and without a suffix: as `split` reads them.
    @Test func scan_readsEveryTimestampAsSplitDoes() {
        let digest = "d5bcbb897e19b2f6633c716dfdfaf9be"
        for length in 1...20 {
            let stamp = String((0..<length).map { Character(String(($0 * 7 + length) % 10)) })
            var stamps = [stamp]
            for place in 0..<length {
                for odd in ["/", ":", ";", "<", "=", ">", "?", " ", "p"] {
                    stamps.append(String(stamp.prefix(place)) + odd + String(stamp.dropFirst(place + 1)))
                }
            }
            for stamp in stamps {
                for suffix in ["", ",master", ",", ",x,y"] { scan_readsHeaderAsSplitDoes(header: digest + "," + stamp + suffix) }
            }
        }
    }

    /// The byte scan every signed request makes, against the same reading written with
    /// `split`: commas, the digest's shape and case, the timestamp's value (1–18 digits).
    @Test(arguments: malformed + [
        "d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466", "D5BCBB897E19B2F6633C716DFDFAF9BE,1453014943466,master",
        "d5bcbb897e19b2f6633c716dfdfaf9be,123456789012345678", "d5bcbb897e19b2f6633c716dfdfaf9be,1234567890123456789",
        "d5bcbb897e19b2f6633c716dfdfaf9be,99999999999999999999999", "0123456789abcdefABCDEF0123456789,0,",
        "d5bcbb897e19b2f6633c716dfdfaf9b:,1", "d5bcbb897e19b2f6633c716dfdfaf9b@,1", "d5bcbb897e19b2f6633c716dfdfaf9b`,1",
        "d5bcbb897e19b2f6633c716dfdfaf9b/,1", ",", ",,", "a,b,c", "x,1,", "é,1",
    ])
    func scan_readsHeaderAsSplitDoes(header: String) {
        let scan = Array(header.utf8).withUnsafeBufferPointer(LCRequestSignature.Scan.init)
        let fields = header.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count) else {
            #expect(scan == nil)
            return
        }
        let digest = fields[0], stamp = fields[1]
        let isHex = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte) }
        let isDecimal = stamp.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        #expect(scan?.firstComma == digest.count)
        #expect(scan?.secondComma == (fields.count == 3 ? digest.count + 1 + stamp.count : nil))
        #expect(scan?.hexDigest == (digest.count == 32 && digest.allSatisfy(isHex)))
        #expect(scan?.uppercase == digest.contains { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) })
        let expected = isDecimal && (1...18).contains(stamp.count) ? Int64(String(decoding: stamp, as: UTF8.self)) : nil
        #expect(scan?.timestamp == expected)
    }
}
