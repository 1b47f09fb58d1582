import LCWire

/// A mobile phone number as LeanCloud accepts it (spec §7.2): E.123 international form
/// `+<country code><number>`, or 11 digits without `+`, read as a mainland China number (+86).
/// Stored and compared in E.164 form, `+8618600000000`.
public struct PhoneNumber: Sendable, Hashable, CustomStringConvertible {
    /// E.164: `+` and 6 to 15 digits (the range sign-up accepts, docs/users.md).
    public let e164: String

    /// Parses a client's number; nil when it is not a plausible mobile number (→ 127).
    /// Spaces and hyphens are ignored (`+86 186-0000-0000`).
    public init?(_ text: String) {
        let compact = text.filter { $0 != " " && $0 != "-" }
        if compact.hasPrefix("+") {
            let digits = compact.dropFirst()
            guard (6...15).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), digits.first != "0" else { return nil }
            // Mainland numbers have a fixed shape: 11 digits starting with 1.
            if digits.hasPrefix("86"), !Self.isMainland(digits.dropFirst(2)) { return nil }
            e164 = "+" + digits
        } else {
            guard Self.isMainland(Substring(compact)) else { return nil }
            e164 = "+86" + compact
        }
    }

    /// A number typed into an admin query, where a raw `+` may have decoded as a space: digits
    /// longer than a mainland number get their `+` back.
    package static func lenient(_ text: String) -> String {
        let trimmed = text.filter { $0 != " " && $0 != "-" }
        if let number = PhoneNumber(trimmed) { return number.e164 }
        if let number = PhoneNumber("+" + trimmed) { return number.e164 }
        return trimmed
    }

    public var description: String { e164 }

    private static func isMainland(_ digits: Substring) -> Bool {
        digits.count == 11 && digits.first == "1" && digits.allSatisfy(\.isASCIIDigit)
    }
}

extension Character {
    package var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension PhoneNumber {
    /// The number in a request body: missing or empty → 212, not a number → 127.
    package static func required(_ body: JSONObject, key: String = "mobilePhoneNumber") throws -> PhoneNumber {
        guard let value = body[key], !value.isNull, value != .string("") else {
            throw APIError(.mobilePhoneNumberMissing)
        }
        guard let text = value.stringValue, let number = PhoneNumber(text) else {
            throw APIError(.invalidMobilePhoneNumber)
        }
        return number
    }
}
