import EmuData
import EmuRouting
import Foundation

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
                let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !name.isEmpty { current.categories.append((domain, name)) }
            } else {
                current.values[prefix + name] = text
            }
            categoryDomain = nil
        }
    }
}
