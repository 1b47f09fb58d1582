import EmuData
import EmuRouting
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// Collects the items of a WXR file from its XML events. Only direct children of an `<item>`
/// count: comments and post meta nest their own `wp:` elements, which must not overwrite the
/// post's.
struct WordPressReader {
    private(set) var rootName: String?
    private(set) var sawWordPressElement = false
    private(set) var items: [WordPressItem] = []

    private var depth = 0
    private var itemDepth: Int?
    private var current = WordPressItem()
    private var text = ""
    private var categoryDomain: String?
    private var namespaces = WordPressNamespaces()

    /// Reads every event of the document.
    mutating func read(_ bytes: [UInt8]) throws {
        var reader = XMLEventReader(bytes)
        while let event = try reader.next() {
            switch event {
            case .start(let name, let namespace, let attributes):
                if rootName == nil, let root = reader.open.first { namespaces.adopt(rootBindings: root.bindings) }
                start(name, namespaceURI: namespace, attributes: attributes)
            case .text(let string): if isInsideItemChild { text += string }
            case .end(let name, let namespace): end(name, namespaceURI: namespace)
            }
        }
    }

    private mutating func start(_ name: String, namespaceURI: String?, attributes: [String: String]) {
        depth += 1
        if rootName == nil { rootName = name }
        let prefix = namespaces.prefix(for: namespaceURI)
        if prefix == "wp:" { sawWordPressElement = true }
        if itemDepth == nil, name == "item", prefix == "" {
            itemDepth = depth
            current = WordPressItem()
        } else if let itemDepth, depth == itemDepth + 1 {
            text = ""
            categoryDomain = name == "category" && prefix == "" ? attributes["domain"] ?? "" : nil
        }
    }

    /// Text elsewhere (channel fields, whitespace between items) is not kept.
    private var isInsideItemChild: Bool { itemDepth.map { depth > $0 } ?? false }

    private mutating func end(_ name: String, namespaceURI: String?) {
        defer { depth -= 1 }
        guard let itemDepth else { return }
        if depth == itemDepth {
            items.append(current)
            self.itemDepth = nil
        } else if depth == itemDepth + 1, let prefix = namespaces.prefix(for: namespaceURI) {
            if let domain = categoryDomain {
                let name = text.trimmingWhitespace(newlines: true)
                if !name.isEmpty { current.categories.append((domain, name)) }
            } else {
                current.values[prefix + name] = text
            }
            categoryDomain = nil
        }
    }
}

// MARK: - WordPressNamespaces

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
