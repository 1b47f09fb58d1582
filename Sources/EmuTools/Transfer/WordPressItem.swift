import EmuData
import EmuRouting
import LCWire

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
        guard let text = values[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    /// WordPress writes GMT dates as `2024-01-09 08:30:00`.
    func date(_ key: String) -> LCDate? {
        guard let text = value(key) else { return nil }
        return LCDate(iso: text.replacingOccurrences(of: " ", with: "T") + "Z")
    }

    /// The names of the categories in `domain`, each once, in document order.
    func names(in domain: String) -> [String] {
        var seen = Set<String>()
        return categories.filter { $0.domain == domain && seen.insert($0.name).inserted }.map(\.name)
    }
}
