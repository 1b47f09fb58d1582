import EmuData
import EmuHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Primitives

/// The headers that keep a served file passive. Files are uploaded by any client with the app
/// key, and served from the emulator's own origin, the origin of the dashboard, whose page holds
/// the master key: a file that ran as a page there (HTML, SVG, XML with script) would be stored
/// XSS against that key. So every file is served
/// - with `nosniff`, so that a browser never reads it as another type than the stored one;
/// - with a sandboxing CSP, so that even when opened as a document it has a unique opaque origin,
///   no script and no fetches (images, audio and video still play: CSP does not apply to them);
/// - as an attachment (downloaded, never rendered) unless its type is one a browser shows
///   passively: see `inlineTypes`.
package enum FileServingHeaders {
    /// What raw.githubusercontent.com sends, plus what the browser's own viewers of an image or a
    /// video opened in a tab need.
    static let contentSecurityPolicy = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; media-src 'self'"

    /// Types a browser displays without running anything, served inline. Everything else (HTML,
    /// XHTML, SVG, XML, JavaScript, PDF, unknown or malformed types) is served as an attachment.
    static let inlineTypes: Set<String> = [
        "text/plain", "text/csv", "text/css", "application/json",
        "image/png", "image/jpeg", "image/gif", "image/webp", "image/heic", "image/bmp", "image/x-icon",
        "image/avif", "image/vnd.microsoft.icon",
        "audio/mpeg", "audio/mp4", "audio/aac", "audio/wav", "audio/amr", "audio/ogg",
        "video/mp4", "video/quicktime", "video/webm",
    ]

    package static func apply(to headers: inout HTTPHeaders, contentType: String) {
        headers.set("X-Content-Type-Options", "nosniff")
        headers.set("Content-Security-Policy", contentSecurityPolicy)
        if !isInline(contentType) { headers.set("Content-Disposition", "attachment") }
    }

    /// Whether a stored type is served inline. The essence (before `;`) is compared, lower-cased;
    /// a value with a comma is never inline, because browsers read `a, b` as the last type of the
    /// list (Fetch's "extract a MIME type"), and `text/plain, text/html` would be HTML.
    package static func isInline(_ contentType: String) -> Bool {
        guard !contentType.contains(","), !contentType.contains(where: { $0.isNewline }) else { return false }
        let essence = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return inlineTypes.contains(essence.trimmingWhitespace().lowercased())
    }
}

