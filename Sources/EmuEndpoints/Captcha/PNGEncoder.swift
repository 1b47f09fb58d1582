import EmuData
import EmuRouting

/// Writes 8-bit greyscale PNG files (PNG spec, ISO/IEC 15948): signature, IHDR, one IDAT with
/// a zlib stream of filter-0 scanlines, IEND; a CRC-32 ends every chunk.
enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func encode(_ image: GrayImage) -> [UInt8] {
        var header: [UInt8] = []
        header += UInt32(image.width).bigEndianBytes
        header += UInt32(image.height).bigEndianBytes
        // Bit depth 8, colour type 0 (greyscale), compression 0, filter 0, no interlace.
        header += [8, 0, 0, 0, 0]
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity((image.width + 1) * image.height)
        for row in 0..<image.height {
            scanlines.append(0)  // filter type None
            scanlines += image.pixels[(row * image.width)..<((row + 1) * image.width)]
        }
        var png = signature
        png += chunk("IHDR", header)
        png += chunk("IDAT", ZlibStored.encode(scanlines))
        png += chunk("IEND", [])
        return png
    }

    /// Length, type, data, and the CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return UInt32(data.count).bigEndianBytes + typeBytes + data + CRC32.checksum(typeBytes + data).bigEndianBytes
    }
}

// MARK: - The zlib stream of the IDAT chunk

/// A zlib stream (RFC 1950) whose deflate data (RFC 1951) is made of stored, uncompressed
/// blocks: valid for every inflater, and a captcha of 200×100 pixels is only 20 KB anyway.
enum ZlibStored {
    /// Most bytes one stored block carries (its LEN field is 16 bits).
    static let maxBlock = 65_535

    static func encode(_ data: [UInt8]) -> [UInt8] {
        // CMF 0x78: deflate, 32 KB window; FLG 0x01 makes (CMF*256 + FLG) a multiple of 31.
        var out: [UInt8] = [0x78, 0x01]
        out.reserveCapacity(data.count + data.count / maxBlock * 5 + 16)
        var start = 0
        repeat {
            let end = min(start + maxBlock, data.count)
            let length = UInt16(end - start)
            // Header bits: BFINAL, then BTYPE 00 (stored); the rest of the byte is padding.
            out.append(end == data.count ? 0x01 : 0x00)
            out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
            out.append(contentsOf: [UInt8(~length & 0xFF), UInt8(~length >> 8)])
            out.append(contentsOf: data[start..<end])
            start = end
        } while start < data.count
        out.append(contentsOf: Adler32.checksum(data).bigEndianBytes)
        return out
    }
}

extension UInt32 {
    /// Network byte order, as PNG and zlib write integers.
    var bigEndianBytes: [UInt8] {
        [UInt8(self >> 24), UInt8(self >> 16 & 0xFF), UInt8(self >> 8 & 0xFF), UInt8(self & 0xFF)]
    }
}

// MARK: - Checksums: CRC-32 ends every chunk, Adler-32 the zlib stream

/// CRC-32 as PNG chunks use it (ISO 3309 / ITU-T V.42; polynomial 0xEDB88320, reflected),
/// PNG spec §5.5 and Annex D.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The checksum of `bytes`.
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

/// Adler-32, the checksum that ends a zlib stream (RFC 1950 §8.2).
enum Adler32 {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        // 5552 is the longest run before b can overflow 32 bits (zlib's NMAX).
        var index = 0
        while index < bytes.count {
            let end = min(index + 5552, bytes.count)
            for byte in bytes[index..<end] {
                a += UInt32(byte)
                b += a
            }
            a %= 65521
            b %= 65521
            index = end
        }
        return b << 16 | a
    }
}
