/// Body keys of the CORS "method override" envelope: a `text/plain` POST that carries the
/// method and credentials in its JSON body (spec §1.6).
public enum LCEnvelopeKey {
    /// The real method: `GET`, `PUT` or `DELETE`.
    public static let method = "_method"
    /// Stands for `X-LC-Id`.
    public static let applicationId = "_ApplicationId"
    /// Stands for `X-LC-Key` (`,master` suffix allowed).
    public static let applicationKey = "_ApplicationKey"
    /// A bare master key.
    public static let masterKey = "_MasterKey"
    /// Stands for `X-LC-Session`.
    public static let sessionToken = "_SessionToken"
    /// Stands for `X-LC-Prod`; `0` or `false` mean staging.
    public static let applicationProduction = "_ApplicationProduction"

    /// Whether the server strips `key` before dispatch: it starts with exactly one underscore
    /// (`__type`-style keys stay).
    public static func isEnvelopeKey(_ key: String) -> Bool {
        var utf8 = key.utf8.makeIterator()
        return utf8.next() == UInt8(ascii: "_") && utf8.next() != UInt8(ascii: "_")
    }
}
