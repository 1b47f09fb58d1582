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
}
