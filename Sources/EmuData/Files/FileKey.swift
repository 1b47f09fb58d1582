import EmuCrypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Storage keys of uploaded files: the path of their URL, `/<key>` (or `/__files/<appId>/<key>`).
package enum FileKey {
    private static let alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

    /// A fresh key: 32 random letters and digits plus the name's extension (`…Xq.png`), or with
    /// `keep_file_name`, `<random>/<name>` so the URL ends with the original name.
    package static func generate(name: String, keepFileName: Bool) -> String {
        let random = SecureRandom.string(length: 32, alphabet: alphabet)
        if keepFileName, !name.isEmpty {
            return random + "/" + name.replacing("/", with: "_")
        }
        return pathExtension(of: name).map { random + "." + $0 } ?? random
    }

    /// The extension after the last dot, when it is 1–10 letters or digits.
    static func pathExtension(of name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let ext = name[name.index(after: dot)...]
        guard (1...10).contains(ext.utf8.count), ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return String(ext)
    }

    /// A key a master-key client may choose: path segments without `.`/`..`, empty parts,
    /// backslashes or control characters, at most 1024 bytes.
    package static func isValid(_ key: String) -> Bool {
        guard !key.isEmpty, key.utf8.count <= 1024 else { return false }
        guard !key.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{7F}" || $0 == "\\" }) else { return false }
        return key.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}

// MARK: - FileMIMEType

/// The MIME type of a file by the extension of its name, for clients that send none. A short
/// table of common types; anything else is `application/octet-stream`.
package enum FileMIMEType {
    package static let fallback = "application/octet-stream"

    package static func guess(name: String) -> String {
        guard let ext = FileKey.pathExtension(of: name)?.lowercased() else { return fallback }
        return byExtension[ext] ?? fallback
    }

    private static let byExtension: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "heic": "image/heic", "bmp": "image/bmp", "svg": "image/svg+xml", "ico": "image/x-icon",
        "txt": "text/plain", "html": "text/html", "htm": "text/html", "css": "text/css", "csv": "text/csv",
        "js": "application/javascript", "json": "application/json", "xml": "application/xml",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "wav": "audio/wav", "amr": "audio/amr",
        "ogg": "audio/ogg", "mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
    ]
}
