import EmuData
import EmuRouting
import LCWire

/// The posts of a WordPress export file (WXR: RSS 2.0 with WordPress namespaces), as objects
/// ready for `AppDataFile.importObjects` (mapping in docs/import-export.md).
///
/// Only items whose `wp:post_type` is `post` become objects; pages, attachments, menu items and
/// auto-drafts are skipped and counted in `skipped`.
public struct WordPressExport: Sendable {
    /// One object per post, in document order.
    public var posts: [JSONObject] = []
    /// Items left out, by reason (`page`, `attachment`, `auto-draft`, …).
    public var skipped: [String: Int] = [:]

    public init() {}

    /// Items left out in all.
    public var skippedCount: Int { skipped.values.reduce(0, +) }

    /// `2 attachment, 1 page`: the skipped items, most frequent first.
    public var skippedSummary: String {
        skipped.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }

    /// Parses the bytes of a WXR file.
    public static func parse(_ bytes: [UInt8]) throws -> WordPressExport {
        var reader = WordPressReader()
        do {
            try reader.read(bytes)
        } catch let error as XMLSyntaxError {
            if error.isNotXML { throw TransferError("not an XML file") }
            throw TransferError("not well-formed XML at line \(error.line), column \(error.column): \(error.reason)")
        }
        guard reader.rootName == "rss" else {
            throw TransferError("not a WordPress export: the root element is <\(reader.rootName ?? "none")>, expected <rss>")
        }
        guard reader.sawWordPressElement else {
            throw TransferError("not a WordPress export: no wp: elements (export it with Tools → Export in WordPress)")
        }
        var export = WordPressExport()
        for item in reader.items {
            switch item.disposition {
            case .post: export.posts.append(item.object)
            case .skip(let reason): export.skipped[reason, default: 0] += 1
            }
        }
        return export
    }
}
