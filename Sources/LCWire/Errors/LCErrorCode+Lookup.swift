extension LCErrorCode {
    /// One canonical error per code of the spec's table (§9), in code order.
    ///
    /// Codes with several wordings (403, 605, 1) appear once, with the table's first message.
    public static let all: [LCErrorCode] = [
        internalServerError, connectionFailed, objectNotFound, invalidClassName, missingObjectId,
        invalidKeyName, malformedPointer, malformedJSON, internalOnlyFeature, forbiddenByBindingClass,
        incorrectFieldType, invalidChannelName, requiredKeyMissing, invalidDeviceToken, objectTooLarge,
        readOnlyKey, operationForbiddenForClients, cacheMiss, invalidNestedKey, invalidFileName,
        invalidACL, serverTimeout, invalidEmail, invalidUserId, invalidMobilePhoneNumber,
        invalidRelationData, duplicateValue, invalidRoleName, quotaExceeded, engineTimeout,
        cloudCodeValidationFailed, paymentDisabled, imageConversionFailed, thresholdExceeded,
        insufficientBalance,
        usernameMissing, passwordMissing, usernameTaken, emailTaken, emailMissing, emailNotFound,
        sessionMissing, signUpRequired, accountAlreadyLinked, usernamePasswordMismatch, userNotFound,
        mobilePhoneNumberMissing, mobilePhoneNumberNotFound, mobilePhoneNumberTaken,
        mobilePhoneNumberNotVerified, emailNotVerified, invalidUsername, invalidPassword, loginLocked,
        friendshipNotFound, linkedIdMissing, invalidLinkedSession, invalidWeixinSession,
        cqlSyntaxError, insertFailed, invalidGeoPoint, storageOperationFailed, databaseError, noEffect,
        unauthorized, forbiddenByClassPermissions, payloadTooLarge, tooManyRequests, uploadRateLimited,
        hookRateLimited, serverInMaintenance, appDisabled, appArchived, temporarilyUnavailable,
        upstreamTimeout, exceededLimit,
        invalidSMSSignature, smsTooFrequent, smsSendFailed, invalidSMSCode, smsTemplateNotFound,
        smsTemplateNotVerified, smsTemplateRenderFailed, missingValidateToken, nonexistentQueryKeys,
    ]

    private static let byCode: [Int: LCErrorCode] = Dictionary(all.map { ($0.code, $0) }) { first, _ in first }

    /// The canonical error for a code, or nil for codes outside the table.
    ///
    /// ```swift
    /// LCErrorCode.lookup(code: 211)?.message   // "Could not find user."
    /// ```
    public static func lookup(code: Int) -> LCErrorCode? { byCode[code] }
}
