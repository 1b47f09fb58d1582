import EmuData
import EmuRouting

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
