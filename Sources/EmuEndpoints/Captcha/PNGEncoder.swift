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
