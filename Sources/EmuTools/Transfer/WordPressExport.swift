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

// MARK: - WordPressItem

/// One `<item>` of a WXR file: the text of its direct children, keyed `prefix:name` with the
/// usual WordPress prefixes whatever the file calls them, and its `<category>` elements.
struct WordPressItem {
    var values: [String: String] = [:]
    var categories: [(domain: String, name: String)] = []

    enum Disposition: Equatable {
        case post
        case skip(reason: String)
    }

    /// Posts only; WordPress's own importer drops auto-drafts too.
    var disposition: Disposition {
        let type = value("wp:post_type") ?? "(no post type)"
        guard type == "post" else { return .skip(reason: type) }
        if value("wp:status") == "auto-draft" { return .skip(reason: "auto-draft") }
        return .post
    }

    /// The object for a post. `createdAt`/`updatedAt` come from the GMT dates; drafts have
    /// `0000-00-00 00:00:00` there, and then the import time applies.
    var object: JSONObject {
        var object = JSONObject()
        object["title"] = .string(values["title"] ?? "")
        if let slug = value("wp:post_name") { object["slug"] = .string(slug) }
        object["desc"] = .string(values["excerpt:encoded"] ?? "")
        object["body"] = .string(values["content:encoded"] ?? "")
        if let author = value("dc:creator") { object["author"] = .string(author) }
        object["tags"] = .array(names(in: "post_tag").map(JSON.string))
        object["categories"] = .array(names(in: "category").map(JSON.string))
        if let status = value("wp:status") {
            object["status"] = .string(status)
            object["published"] = .bool(status == "publish")
        }
        let created = date("wp:post_date_gmt")
        if let created { object[LCFieldName.createdAt] = .string(created.iso) }
        if let modified = date("wp:post_modified_gmt"), modified >= (created ?? modified) {
            object[LCFieldName.updatedAt] = .string(modified.iso)
        }
        return object
    }

    /// A child's trimmed text; nil when absent or empty.
    func value(_ key: String) -> String? {
        guard let text = values[key]?.trimmingWhitespace(newlines: true), !text.isEmpty else { return nil }
        return text
    }

    /// WordPress writes GMT dates as `2024-01-09 08:30:00`.
    func date(_ key: String) -> LCDate? {
        guard let text = value(key) else { return nil }
        return LCDate(iso: text.replacing(" ", with: "T") + "Z")
    }

    /// The names of the categories in `domain`, each once, in document order.
    func names(in domain: String) -> [String] {
        var seen = Set<String>()
        return categories.filter { $0.domain == domain && seen.insert($0.name).inserted }.map(\.name)
    }
}
