/// The request-target of an absolute URL the emulator handed out (`http://host/__files/…` →
/// `/__files/…`), to request it from the test's own emulator whatever host the URL names.
public func target(of url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let rest = url[schemeEnd.upperBound...]
    return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
}
