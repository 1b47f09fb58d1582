import EmuData
import EmuRouting

/// Which namespace URIs a WXR file's `wp:` and `excerpt:` elements may use.
///
/// WordPress's own importer (WXR_Parser_SimpleXML) reads the URIs the document binds to the
/// prefixes `wp` and `excerpt` on its root element, whatever they are, and falls back to the
/// WXR 1.0–1.2 URIs when they are not bound. Exports from WordPress.com and the theme unit test
/// data bind `https://wordpress.org/export/1.2/`, so matching one fixed `http://` URI refused
/// them; this accepts the same documents WordPress accepts.
struct WordPressNamespaces {
    private(set) var wordPress: Set<String>
    private(set) var excerpt: Set<String>

    /// The URIs of WXR 1.0, 1.1 and 1.2, over http (what WordPress writes) and https (WordPress.com).
    init() {
        let bases = ["http", "https"].flatMap { scheme in
            ["1.0", "1.1", "1.2"].map { "\(scheme)://wordpress.org/export/\($0)/" }
        }
        wordPress = Set(bases)
        excerpt = Set(bases.map { $0 + "excerpt/" })
    }

    /// Adds what the root element binds to `wp` and `excerpt` (`xmlns:wp="…"`).
    mutating func adopt(rootBindings bindings: [String: String]) {
        if let uri = bindings["wp"] { wordPress.insert(uri) }
        if let uri = bindings["excerpt"] { excerpt.insert(uri) }
    }

    /// The prefix WordPress's importer reads an element of `namespace` under: `""` for RSS's own
    /// (unqualified) elements, `wp:`, `excerpt:`, `content:`, `dc:`; nil for anything else.
    func prefix(for namespace: String?) -> String? {
        guard let namespace, !namespace.isEmpty else { return "" }
        if excerpt.contains(namespace) { return "excerpt:" }
        if wordPress.contains(namespace) { return "wp:" }
        switch namespace {
        case "http://purl.org/rss/1.0/modules/content/": return "content:"
        case "http://purl.org/dc/elements/1.1/": return "dc:"
        default: return nil
        }
    }
}
