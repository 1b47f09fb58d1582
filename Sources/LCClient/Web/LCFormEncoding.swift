import Foundation

/// `application/x-www-form-urlencoded` bodies (the `/api` and `/oauth` flows).
enum LCFormEncoding {
    static let contentType = "application/x-www-form-urlencoded"

    static func encode(_ fields: [(String, String)]) -> Data {
        Data(fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&").utf8)
    }

    static func escape(_ text: String) -> String {
        LCQueryEncoding.encode(text)
    }
}
