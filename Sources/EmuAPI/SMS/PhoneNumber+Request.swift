import LCWire

extension PhoneNumber {
    /// The number in a request body: missing or empty → 212, not a number → 127.
    static func required(_ body: JSONObject, key: String = "mobilePhoneNumber") throws -> PhoneNumber {
        guard let value = body[key], !value.isNull, value != .string("") else {
            throw APIError(.mobilePhoneNumberMissing)
        }
        guard let text = value.stringValue, let number = PhoneNumber(text) else {
            throw APIError(.invalidMobilePhoneNumber)
        }
        return number
    }
}
