@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import Testing

@Suite struct CaptchaPNGTests {
    @Test(arguments: [(85, 30), (60, 30), (200, 100), (123, 47)])
    func encodedCaptcha_decodesWithValidChunksAndRows(width: Int, height: Int) throws {
        let image = CaptchaRenderer.render(code: "K7AW", width: width, height: height, seed: "seed")
        let png = try TestPNGDecoder(PNGEncoder.encode(image))
        #expect(png.chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(png.width == width && png.height == height)
        #expect(png.bitDepth == 8 && png.colorType == 0)
        #expect(png.rows.count == height && png.rows.allSatisfy { $0.count == width })
        #expect(png.rows.flatMap { $0 } == image.pixels)
    }

    @Test func largeImage_spansSeveralStoredBlocks() throws {
        var image = GrayImage(width: 400, height: 300)
        for index in image.pixels.indices { image.pixels[index] = UInt8(index % 251) }
        let png = try TestPNGDecoder(PNGEncoder.encode(image))
        #expect(png.rows.flatMap { $0 } == image.pixels)
    }

    @Test func checksums_matchKnownValues() {
        // Reference values: CRC-32 and Adler-32 of "123456789" / "Wikipedia".
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func renderedCode_putsDarkInkInEveryCharacterCell() throws {
        let width = 120, height = 40, code = "ACDE7"
        let rows = try TestPNGDecoder(PNGEncoder.encode(CaptchaRenderer.render(code: code, width: width, height: height, seed: "x"))).rows
        let cell = Double(width) * 0.9 / Double(code.count)
        let left = Double(width) * 0.05
        for index in 0..<code.count {
            let columns = Int(left + cell * Double(index) + cell * 0.3)..<Int(left + cell * Double(index) + cell * 0.7)
            let ink = rows.reduce(0) { total, row in total + columns.filter { row[$0] < 100 }.count }
            #expect(ink > 10, "character \(index) has no ink")
        }
        // The background stays light: most pixels are not ink.
        let dark = rows.joined().filter { $0 < 100 }.count
        #expect(dark < width * height / 3)
    }

    @Test func sameSeed_drawsTheSamePicture() {
        let first = CaptchaRenderer.render(code: "XY23", width: 85, height: 30, seed: "token")
        let second = CaptchaRenderer.render(code: "XY23", width: 85, height: 30, seed: "token")
        #expect(first.pixels == second.pixels)
    }

    @Test func font_drawsEveryCharacterOfTheAlphabet() {
        for character in CaptchaFont.alphabet {
            let ink = (0..<CaptchaFont.rows).flatMap { row in
                (0..<CaptchaFont.columns).filter { CaptchaFont.ink(character, column: $0, row: row) }
            }
            #expect(ink.count >= 7, "\(character) has no glyph")
        }
        #expect(!CaptchaFont.alphabet.contains { "01OIQZSBG".contains($0) })
    }
}
