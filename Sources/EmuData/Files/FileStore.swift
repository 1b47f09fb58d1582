import EmuSQLite
import LCWire

/// The bytes of uploaded files and the upload tokens that lead to them (`file_blobs`,
/// `file_uploads`); the `_File` objects themselves are ordinary rows of `objects`.
package enum FileStore {
    /// A token handed out by `/1.1/fileTokens`.
    package struct Upload: Equatable {
        var token: String
        package var fileId: String
        package var key: String
        package var expiresAt: Int64
        package var uploaded: Bool

        package init(token: String, fileId: String, key: String, expiresAt: Int64, uploaded: Bool) {
            self.token = token
            self.fileId = fileId
            self.key = key
            self.expiresAt = expiresAt
            self.uploaded = uploaded
        }
    }

    /// Stored bytes and the type to serve them with.
    package struct Blob: Equatable {
        package var contentType: String
        package var bytes: [UInt8]

        package init(contentType: String, bytes: [UInt8]) {
            self.contentType = contentType
            self.bytes = bytes
        }
    }

    package static func insertUpload(_ upload: Upload, in db: Database) throws {
        try db.execute("INSERT INTO file_uploads (token, file_id, key, expires_at, uploaded) VALUES (?, ?, ?, ?, ?)",
                       [.text(upload.token), .text(upload.fileId), .text(upload.key),
                        .integer(upload.expiresAt), .integer(upload.uploaded ? 1 : 0)])
    }

    package static func upload(token: String, in db: Database) throws -> Upload? {
        try db.query("SELECT file_id, key, expires_at, uploaded FROM file_uploads WHERE token = ?", [.text(token)]).first.map { row in
            Upload(token: token, fileId: row[0].textValue ?? "", key: row[1].textValue ?? "",
                   expiresAt: row[2].int64Value ?? 0, uploaded: row[3].int64Value == 1)
        }
    }

    package static func markUploaded(token: String, in db: Database) throws {
        try db.execute("UPDATE file_uploads SET uploaded = 1 WHERE token = ?", [.text(token)])
    }

    package static func deleteUpload(token: String, in db: Database) throws {
        try db.execute("DELETE FROM file_uploads WHERE token = ?", [.text(token)])
    }

    /// Stores (or replaces) the bytes under `key`.
    package static func saveBlob(key: String, fileId: String, _ blob: Blob, in db: Database) throws {
        try db.execute("INSERT OR REPLACE INTO file_blobs (key, file_id, content_type, bytes) VALUES (?, ?, ?, ?)",
                       [.text(key), .text(fileId), .text(blob.contentType), .blob(blob.bytes)])
    }

    /// The bytes under `key`, only while their `_File` exists: a file deleted by any route
    /// (including `/1.1/classes/_File/<id>`) stops being served.
    package static func blob(key: String, in db: Database) throws -> Blob? {
        let rows = try db.query("""
            SELECT b.content_type, b.bytes FROM file_blobs b
            WHERE b.key = ? AND EXISTS (SELECT 1 FROM objects o WHERE o.class = ? AND o.id = b.file_id)
            """, [.text(key), .text(LCClassName.file)])
        return rows.first.map { Blob(contentType: $0[0].textValue ?? "application/octet-stream", bytes: $0[1].blobValue ?? []) }
    }

    /// Whether a file already uses `key` (stored bytes or a pending upload).
    package static func keyExists(_ key: String, in db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM file_blobs WHERE key = ? UNION ALL SELECT 1 FROM file_uploads WHERE key = ?",
                      [.text(key), .text(key)]) != nil
    }

    /// Records the real size in `metaData.size` once the bytes are in.
    package static func setSize(_ size: Int, fileId: String, in db: Database) throws {
        try db.execute("""
            UPDATE objects SET data = json_set(data, '$.metaData.size', ?)
            WHERE class = ? AND id = ? AND json_type(data, '$.metaData') = 'object'
            """, [.integer(Int64(size)), .text(LCClassName.file), .text(fileId)])
    }

    /// Deletes the `_File` row, its bytes and its upload tokens; false when there was no such file.
    @discardableResult
    package static func deleteFile(id: String, in db: Database) throws -> Bool {
        try db.execute("DELETE FROM objects WHERE class = ? AND id = ?", [.text(LCClassName.file), .text(id)])
        let deleted = db.changes > 0
        try db.execute("DELETE FROM file_blobs WHERE file_id = ?", [.text(id)])
        try db.execute("DELETE FROM file_uploads WHERE file_id = ?", [.text(id)])
        return deleted
    }
}

// MARK: - Codes of the file endpoints

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
