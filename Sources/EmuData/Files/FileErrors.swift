import LCWire

// Refusals of the file endpoints that LeanCloud's table does not word; choices recorded in
// docs/compatibility.md ("Files").
extension LCErrorCode {
    /// The token in an upload URL is unknown, expired or used.
    package static let invalidUploadToken = LCErrorCode(
        code: 403, message: "The upload token is invalid, expired or already used.", httpStatus: 403)
    /// `/1.1/fileCallback` with a token that names no pending upload.
    package static let unknownFileToken = LCErrorCode(code: 1, message: "Could not find a file upload for this token.", httpStatus: 400)
    /// Files can be deleted only with the master key: `_File`'s delete permission is off by default.
    package static let fileDeleteForbidden = forbiddenByClassPermissions.with(message: "Forbidden to delete by class permissions.")
    /// Choosing a file's key is reserved to the master key (JS SDK: "设置该选项需要使用 masterKey").
    package static let fileKeyNeedsMaster = operationForbiddenForClients.with(
        message: "That operation isn't allowed for clients. Choosing a file key needs the master key.")
    /// A chosen key that cannot be a URL path.
    package static let invalidFileKey = invalidFileName.with(message: "Invalid file key.")
    /// A JSON file body with neither `url` nor `base64`, or a body part of the wrong type.
    package static func malformedFile(_ reason: String) -> LCErrorCode {
        malformedJSON.with(message: "Malformed file: \(reason).")
    }
}
