import Foundation

/// `application/x-www-form-urlencoded` bodies (the `/api` and `/oauth` flows).
enum LCFormEncoding {
    static let contentType = "application/x-www-form-urlencoded"

    static func encode(_ fields: [(String, String)]) -> Data {
        Data(LCQueryEncoding.encode(fields).utf8)
    }
}
