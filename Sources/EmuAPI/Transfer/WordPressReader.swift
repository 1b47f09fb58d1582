import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The `XMLParserDelegate` that collects the items of a WXR file. Only direct children of an
/// `<item>` count: comments and post meta nest their own `wp:` elements, which must not
/// overwrite the post's.
final class WordPressReader: NSObject, XMLParserDelegate {
    private(set) var rootName: String?
    private(set) var sawWordPressElement = false
    private(set) var items: [WordPressItem] = []

    private var depth = 0
    private var itemDepth: Int?
    private var current = WordPressItem()
    private var text = ""
    private var categoryDomain: String?

    /// The prefix WordPress uses for a namespace; WXR 1.0–1.2 differ only in the version.
    static func prefix(for namespace: String?) -> String? {
        guard let namespace, !namespace.isEmpty else { return "" }
        if namespace.hasPrefix("http://wordpress.org/export/") {
            return namespace.hasSuffix("/excerpt/") ? "excerpt:" : "wp:"
        }
        switch namespace {
        case "http://purl.org/rss/1.0/modules/content/": return "content:"
        case "http://purl.org/dc/elements/1.1/": return "dc:"
        default: return nil
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        if rootName == nil { rootName = name }
        let prefix = Self.prefix(for: namespaceURI)
        if prefix == "wp:" { sawWordPressElement = true }
        if itemDepth == nil, name == "item", prefix == "" {
            itemDepth = depth
            current = WordPressItem()
        } else if let itemDepth, depth == itemDepth + 1 {
            text = ""
            categoryDomain = name == "category" && prefix == "" ? attributes["domain"] ?? "" : nil
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if isInsideItemChild { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if isInsideItemChild { text += String(decoding: block, as: UTF8.self) }
    }

    /// Text elsewhere (channel fields, whitespace between items) is not kept.
    private var isInsideItemChild: Bool { itemDepth.map { depth > $0 } ?? false }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        defer { depth -= 1 }
        guard let itemDepth else { return }
        if depth == itemDepth {
            items.append(current)
            self.itemDepth = nil
        } else if depth == itemDepth + 1, let prefix = Self.prefix(for: namespaceURI) {
            if let domain = categoryDomain {
                let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !name.isEmpty { current.categories.append((domain, name)) }
            } else {
                current.values[prefix + name] = text
            }
            categoryDomain = nil
        }
    }
}
