/// What `XMLEventReader` reports, in document order.
enum XMLEvent: Equatable {
    /// An opening tag (a self-closing tag gives `start` then `end`). `namespace` is the URI the
    /// name's prefix (or the default namespace) is bound to; nil when unbound.
    case start(name: String, namespace: String?, attributes: [String: String])
    case end(name: String, namespace: String?)
    /// Character data with entities decoded, or the raw content of a CDATA section.
    case text(String)
}

/// Where and why a document is not well-formed.
struct XMLSyntaxError: Error, Equatable {
    /// True when the bytes do not start an XML document at all (no root element).
    var isNotXML: Bool
    var line: Int
    var column: Int
    var reason: String
}
