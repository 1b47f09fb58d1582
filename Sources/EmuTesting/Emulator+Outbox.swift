import Foundation
import LCClient
import LCWire

extension Emulator {
    /// The emulator's outbox over HTTP (`GET /__admin/outbox`, master key): the SMS codes,
    /// emails and captcha answers a test needs to go on with a flow, and the pushes and realtime
    /// messages sent (`Emulator+OutboxKinds.swift`).
    public struct Outbox: Sendable {
        let application: LCApplication

        /// One message, newest first in listings.
        public struct Message: Sendable, Equatable {
            public var kind: String
            public var to: String
            public var text: String
            public var code: String?
            public var link: String?
            public var purpose: String
            /// A push's account (kind `push`): the notification, its deliveries and skips.
            public var push: JSON?
            /// A realtime message's account (kind `message`): conversation, sender, recipients.
            public var message: JSON?
        }

        /// Every message, newest first; filters as the endpoint has them (`phone`, `email`,
        /// `token`, `kind`, `purpose`).
        public func messages(phone: String? = nil, email: String? = nil, token: String? = nil,
                             kind: String? = nil, purpose: String? = nil) async throws -> [Message] {
            var query: [(String, String)] = []
            for (name, value) in [("phone", phone), ("email", email), ("token", token), ("kind", kind), ("purpose", purpose)] {
                if let value { query.append((name, value)) }
            }
            let answer = try await application.request("GET", "/__admin/outbox", query: query, options: .master)
            return (answer["results"]?.arrayValue ?? []).compactMap { item in
                guard let kind = item["kind"]?.stringValue, let to = item["to"]?.stringValue else { return nil }
                return Message(kind: kind, to: to, text: item["text"]?.stringValue ?? "", code: item["code"]?.stringValue,
                               link: item["link"]?.stringValue, purpose: item["purpose"]?.stringValue ?? "", push: item["push"],
                               message: item["message"])
            }
        }

        /// The code of the newest SMS to `phone`, if any.
        public func latestCode(phone: String) async throws -> String? {
            try await messages(phone: phone).first?.code
        }

        /// The answer of a captcha, by its `captcha_token`.
        public func captchaAnswer(token: String) async throws -> String? {
            try await messages(token: token).first?.code
        }

        /// Empties the outbox.
        public func clear() async throws {
            _ = try await application.request("DELETE", "/__admin/outbox", options: .master)
        }
    }
}
