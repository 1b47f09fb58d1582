import LCWire

/// A `POST /1.1/push` body, checked before anything is written (LeanCloud's push REST guide,
/// docs/push.md): what to send (`data`), to whom (`channels`, `where` or `cql` on
/// `_Installation`; none = every installation), when (`push_time`) and until when
/// (`expiration_time` or `expiration_interval`), and the APNs environment (`prod`).
package struct PushRequest: Sendable {
    package var data: JSONObject
    package var channels: [String]?
    package var whereJSON: JSONObject?
    package var cql: String?
    /// When to send; nil = now.
    package var pushTime: LCDate?
    package var expirationTime: LCDate?
    /// Seconds from `push_time` (or from now without one).
    package var expirationInterval: Int64?
    /// `dev` or `prod`; LeanCloud's default is `prod`.
    package var prod: String
    package var notificationId: String?
    /// Kept as sent; LCEmu delivers at once whatever the rate (docs/push.md).
    package var flowControl: JSON?

    package init(body: JSONObject) throws {
        guard let data = body["data"]?.objectValue else { throw APIError(.pushParameter("data must be a JSON object.")) }
        self.data = data
        if let channels = body["channels"], !channels.isNull {
            guard let names = channels.arrayValue else { throw APIError(.pushParameter("channels must be an array of strings.")) }
            self.channels = try names.map { name in
                guard let text = name.stringValue, InstallationRules.isValidChannel(text) else { throw APIError(.invalidChannelName) }
                return text
            }
        }
        if let condition = body["where"], !condition.isNull {
            guard let object = condition.objectValue else { throw APIError(.pushParameter("where must be a JSON object.")) }
            whereJSON = object
        }
        if let statement = body["cql"], !statement.isNull {
            guard let text = statement.stringValue else { throw APIError(.pushParameter("cql must be a string.")) }
            guard whereJSON == nil else { throw APIError(.pushParameter("where and cql can't be used together.")) }
            cql = text
        }
        pushTime = try Self.date(body["push_time"], name: "push_time")
        expirationTime = try Self.date(body["expiration_time"], name: "expiration_time")
        if let interval = body["expiration_interval"], !interval.isNull {
            guard let seconds = Self.seconds(interval), seconds > 0 else {
                throw APIError(.pushParameter("expiration_interval must be a positive number of seconds."))
            }
            guard expirationTime == nil else {
                throw APIError(.pushParameter("Both expiration_time and expiration_interval can't be set."))
            }
            expirationInterval = seconds
        }
        prod = body["prod"]?.stringValue ?? "prod"
        guard ["dev", "prod"].contains(prod), body["prod"].map({ $0.isNull || $0.stringValue != nil }) ?? true else {
            throw APIError(.pushParameter("prod must be dev or prod."))
        }
        if let id = body["notification_id"], !id.isNull {
            guard let text = id.stringValue, (1...16).contains(text.count),
                  text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
            else { throw APIError(.pushParameter("notification_id must be 1 to 16 letters and digits.")) }
            notificationId = text
        }
        flowControl = body["flow_control"]
    }

    /// When the push stops being delivered: the absolute time, or the interval from the push
    /// time (or from `now`, without one).
    package func expiresAt(now: LCDate) -> LCDate? {
        if let expirationTime { return expirationTime }
        guard let expirationInterval else { return nil }
        let start = pushTime ?? now
        return LCDate(millisecondsSince1970: start.millisecondsSince1970 + expirationInterval * 1000)
    }

    /// An ISO 8601 text (the SDKs' `2015-06-29T01:39:35.931Z`) or a Date object.
    static func date(_ value: JSON?, name: String) throws -> LCDate? {
        guard let value, !value.isNull else { return nil }
        if let text = value.stringValue, let date = LCDate(iso: text) { return date }
        if let date = LCDate(json: value) { return date }
        throw APIError(.pushParameter("\(name) must be an ISO 8601 date such as 2015-06-29T01:39:35.931Z."))
    }

    /// Whole seconds, from a number or a numeric string; at most ten years.
    static func seconds(_ value: JSON) -> Int64? {
        let number = value.doubleValue ?? value.stringValue.flatMap(Double.init)
        guard let number, number.isFinite, number == number.rounded(), abs(number) <= 315_360_000 else { return nil }
        return Int64(number)
    }
}

extension LCErrorCode {
    /// A bad push parameter: code 1, LeanCloud's catch-all, with a precise message.
    package static func pushParameter(_ message: String) -> LCErrorCode {
        LCErrorCode(code: 1, message: message, httpStatus: 400)
    }
}
