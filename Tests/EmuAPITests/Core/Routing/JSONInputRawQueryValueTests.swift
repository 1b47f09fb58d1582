@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import Testing

/// `RawQueryValue` reads a parameter's bytes as the HTTP parser decodes them, before UTF-8.
@Suite struct RawQueryValueTests {
    @Test(arguments: [
        ("/p?where=%7B%7D", "where", Array("{}".utf8)),
        ("/p?a=1&where=%FF%22", "where", [0xFF, 0x22]),
        ("/p?wh%65re=x+y", "where", Array("x y".utf8)),
        ("/p?where=%zz%4", "where", Array("%zz%4".utf8)),
        ("/p?where&b=2", "where", []),
        ("/p?where=1&where=2", "where", Array("1".utf8)),
    ] as [(String, String, [UInt8])])
    func bytes_decodeLikeTheHTTPParser(target: String, name: String, expected: [UInt8]) {
        #expect(RawQueryValue.bytes(of: name, in: target) == expected)
    }

    @Test func bytes_ofAMissingParameter_areNil() {
        #expect(RawQueryValue.bytes(of: "where", in: "/p?limit=1") == nil)
        #expect(RawQueryValue.bytes(of: "where", in: "/p") == nil)
    }
}
