import COpenSSL

/// A TLS set-up or handshake failure, with OpenSSL's own reason (its error queue) attached.
public struct TLSError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ context: String) {
        var reasons: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            var text = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &text, text.count)
            reasons.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        description = reasons.isEmpty ? context : "\(context): \(reasons.joined(separator: "; "))"
    }
}
