import Foundation
import LCWire

/// A failed call: the server's `{"code","error"}` with the HTTP status, or a transport failure.
///
/// ```swift
/// do { try await LCUser.logIn(username: "tom", password: "wrong", in: app) }
/// catch let error as LCError where error.code == .usernamePasswordMismatch { … }
/// ```
public struct LCError: Error, Sendable, CustomStringConvertible {
    /// The LeanCloud error code (`code` of the body), or a client-side code for transport and
    /// decoding failures (`.connectionFailed`, `.timedOut`, `.invalidResponse`).
    public var code: Code
    /// The server's `error` text, or a description of the client-side failure.
    public var message: String
    /// The HTTP status of the response; nil when no response arrived.
    public var httpStatus: Int?
    /// The transport's own error when the request never got an answer.
    public var underlyingError: (any Error)?

    public init(code: Code, message: String, httpStatus: Int? = nil, underlyingError: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.underlyingError = underlyingError
    }

    /// Reads a LeanCloud error body; a body without `code` keeps the HTTP status as the code.
    init(status: Int, body: JSON?) {
        if let body, let code = body["code"]?.intValue {
            self.init(code: Code(rawValue: code), message: body["error"]?.stringValue ?? "", httpStatus: status)
        } else {
            self.init(code: Code(rawValue: status), message: "HTTP \(status) without a LeanCloud error body.", httpStatus: status)
        }
    }

    /// Wraps an error of the transport (URLError and the like).
    static func transport(_ error: any Error) -> LCError {
        let timedOut = (error as? URLError)?.code == .timedOut
        return LCError(code: timedOut ? .timedOut : .connectionFailed,
                       message: timedOut ? "The request timed out." : "The connection to the server failed: \(error)",
                       underlyingError: error)
    }

    /// Whether this is a transport failure (no HTTP answer).
    public var isTransportError: Bool { httpStatus == nil && underlyingError != nil }

    public var description: String {
        let status = httpStatus.map { " (HTTP \($0))" } ?? ""
        return "LCError \(code.rawValue)\(status): \(message)"
    }
}

// MARK: - Codes

extension LCError {
    /// A LeanCloud error number, with names for the documented codes (spec §9).
    public struct Code: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public init(integerLiteral value: Int) { rawValue = value }
        public var description: String { String(rawValue) }

        // Client side (no server answer, or an answer the client cannot read).
        /// The response was not the JSON the API promises.
        public static let invalidResponse: Code = -1
        /// The request took longer than its timeout.
        public static let timedOut: Code = -1001
        /// The server could not be reached (spec: 100).
        public static let connectionFailed: Code = 100
        /// An operation needs a logged-in user and there is none.
        public static let notLoggedIn: Code = -2

        // Storage.
        public static let internalServerError: Code = 1
        public static let objectNotFound: Code = 101
        public static let invalidClassName: Code = 103
        public static let missingObjectId: Code = 104
        public static let invalidKeyName: Code = 105
        public static let invalidPointer: Code = 106
        public static let malformedJSON: Code = 107
        public static let incorrectType: Code = 111
        public static let keyRequired: Code = 113
        public static let objectTooLarge: Code = 116
        public static let readOnlyKey: Code = 117
        public static let operationForbidden: Code = 119
        public static let invalidNestedKey: Code = 121
        public static let invalidFileName: Code = 122
        public static let invalidACL: Code = 123
        public static let serverTimeout: Code = 124
        public static let invalidEmailAddress: Code = 125
        public static let invalidUserId: Code = 126
        public static let invalidPhoneNumber: Code = 127
        public static let invalidRelation: Code = 128
        public static let duplicateValue: Code = 137
        public static let invalidRoleName: Code = 139
        public static let cloudCodeValidationFailed: Code = 142
        public static let cqlSyntaxError: Code = 300
        public static let invalidGeoPoint: Code = 302
        public static let conditionNotMet: Code = 305
        public static let unauthorized: Code = 401
        public static let forbidden: Code = 403
        public static let payloadTooLarge: Code = 413
        public static let tooManyRequests: Code = 429
        public static let nonexistentQueryKeys: Code = 700

        // Users.
        public static let usernameMissing: Code = 200
        public static let passwordMissing: Code = 201
        public static let usernameTaken: Code = 202
        public static let emailTaken: Code = 203
        public static let emailMissing: Code = 204
        public static let emailNotFound: Code = 205
        public static let sessionMissing: Code = 206
        public static let mustSignUp: Code = 207
        public static let accountAlreadyLinked: Code = 208
        public static let usernamePasswordMismatch: Code = 210
        public static let userNotFound: Code = 211
        public static let mobilePhoneNumberMissing: Code = 212
        public static let mobilePhoneNumberNotFound: Code = 213
        public static let mobilePhoneNumberTaken: Code = 214
        public static let mobilePhoneNumberNotVerified: Code = 215
        public static let emailNotVerified: Code = 216
        public static let invalidUsername: Code = 217
        public static let invalidPassword: Code = 218
        public static let tooManyLogInAttempts: Code = 219

        // SMS and captcha.
        public static let invalidSMSSignature: Code = 600
        public static let smsTooFrequent: Code = 601
        public static let smsSendFailed: Code = 602
        public static let invalidSMSCode: Code = 603
        public static let smsTemplateNotFound: Code = 604
        public static let missingValidateToken: Code = 608
    }
}
