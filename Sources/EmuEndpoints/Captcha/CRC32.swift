import EmuData
import EmuRouting

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
