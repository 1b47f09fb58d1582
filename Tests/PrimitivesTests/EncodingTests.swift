import Primitives
import Testing

/// Hex encoding and constant-time comparison.
@Suite struct EncodingTests {
    @Test(arguments: [UInt64(0), 1, 9, 10, 15, 16, 255, 256, 0xabcdef, 0x1234_5678_9abc_def0, .max])
    func hexOfANumber_isWhatStringRadix16Writes(value: UInt64) {
        #expect(Hex.encode(value) == String(value, radix: 16))
    }

    @Test func hexEncode_isLowercase() {
        #expect(Hex.encode([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
        #expect(Hex.encode([]) == "")
    }

    @Test func hex_roundTripsEveryByte() {
        let bytes = (0...255).map(UInt8.init)
        #expect(Hex.decode(Hex.encode(bytes)) == bytes)
    }

    @Test func hexDecode_acceptsUppercase() {
        #expect(Hex.decode("DEADbeef") == [0xDE, 0xAD, 0xBE, 0xEF])
    }

    @Test(arguments: ["abc", "zz", "0x12", "12 34", "g0", "é1"])
    func hexDecode_returnsNil_forInvalidHex(input: String) {
        #expect(Hex.decode(input) == nil)
    }

    @Test func constantTimeEquals_comparesContents() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(ConstantTime.equals([UInt8](), []))
    }

    @Test func constantTimeEquals_returnsFalse_forDifferentLengths() {
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        #expect(!ConstantTime.equals([], [0]))
        #expect(!ConstantTime.equals("token", "token "))
    }

    @Test func constantTimeEquals_comparesStringsByUTF8() {
        #expect(ConstantTime.equals("héllo", "héllo"))
        #expect(!ConstantTime.equals("hello", "hellO"))
    }

    @Test func constantTime_comparesBytes() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([1, 2], [1, 2, 3]))
        #expect(ConstantTime.equals("abc", "abc"[...]))
    }
}
