/// A PNG reader written for the tests, independent of the encoder: it walks the chunks, checks
/// every CRC (bit by bit, no table), inflates the zlib stream (stored deflate blocks only,
/// which is what the encoder writes) and checks its Adler-32, then splits the scanlines.
struct TestPNGDecoder {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    struct DecodeError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    var chunks: [Chunk] = []
    var width = 0
    var height = 0
    var bitDepth = 0
    var colorType = -1
    /// One array per row, filter byte removed.
    var rows: [[UInt8]] = []

    init(_ png: [UInt8]) throws {
        guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw DecodeError("bad signature") }
        var offset = 8
        while offset < png.count {
            guard offset + 12 <= png.count else { throw DecodeError("truncated chunk") }
            let length = Int(Self.uint32(png, offset))
            guard offset + 12 + length <= png.count else { throw DecodeError("chunk overruns the file") }
            let typeAndData = Array(png[(offset + 4)..<(offset + 8 + length)])
            guard Self.crc(typeAndData) == Self.uint32(png, offset + 8 + length) else { throw DecodeError("bad CRC") }
            chunks.append(Chunk(type: String(decoding: typeAndData.prefix(4), as: UTF8.self), data: Array(typeAndData.dropFirst(4))))
            offset += 12 + length
        }
        guard chunks.first?.type == "IHDR", chunks.last?.type == "IEND", let header = chunks.first?.data, header.count == 13 else {
            throw DecodeError("IHDR first and IEND last expected")
        }
        width = Int(Self.uint32(header, 0))
        height = Int(Self.uint32(header, 4))
        bitDepth = Int(header[8])
        colorType = Int(header[9])
        let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let raw = try Self.inflateStored(compressed)
        guard raw.count == (width + 1) * height else { throw DecodeError("expected \((width + 1) * height) bytes, got \(raw.count)") }
        for row in 0..<height {
            let line = raw[(row * (width + 1))..<((row + 1) * (width + 1))]
            guard line.first == 0 else { throw DecodeError("row \(row) uses filter \(line.first ?? 255)") }
            rows.append(Array(line.dropFirst()))
        }
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }

    static func inflateStored(_ stream: [UInt8]) throws -> [UInt8] {
        guard stream.count >= 6, stream[0] & 0x0F == 8, (Int(stream[0]) * 256 + Int(stream[1])) % 31 == 0 else {
            throw DecodeError("bad zlib header")
        }
        var offset = 2
        var output: [UInt8] = []
        var final = false
        while !final {
            guard offset + 5 <= stream.count else { throw DecodeError("truncated block") }
            final = stream[offset] & 1 == 1
            guard (stream[offset] >> 1) & 3 == 0 else { throw DecodeError("only stored blocks are supported") }
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
            guard length ^ 0xFFFF == complement, offset + 5 + length <= stream.count else { throw DecodeError("bad LEN/NLEN") }
            output += stream[(offset + 5)..<(offset + 5 + length)]
            offset += 5 + length
        }
        guard offset + 4 == stream.count else { throw DecodeError("trailing bytes") }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in output { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        guard b << 16 | a == uint32(stream, offset) else { throw DecodeError("bad Adler-32") }
        return output
    }
}
