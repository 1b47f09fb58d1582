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
