import Foundation

/// `/__admin/<collection>/<name>` with the name as one percent-encoded path segment (RFC 3986
/// unreserved characters kept), for the harness's admin calls.
enum AdminPath {
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func named(_ collection: String, _ name: String) -> String {
        "/__admin/\(collection)/" + (name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? name)
    }
}
