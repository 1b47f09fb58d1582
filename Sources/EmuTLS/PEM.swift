import COpenSSL

/// Reading and writing PEM text through memory BIOs.
enum PEM {
    static func readCertificate(_ pem: String) throws -> OpaquePointer {
        guard let certificate = withBIO(pem, { PEM_read_bio_X509($0, nil, nil, nil) }) else {
            throw TLSError("not a PEM certificate")
        }
        return certificate
    }

    static func readPrivateKey(_ pem: String) throws -> OpaquePointer {
        guard let key = withBIO(pem, { PEM_read_bio_PrivateKey($0, nil, nil, nil) }) else {
            throw TLSError("not a PEM private key")
        }
        return key
    }

    /// What `write` puts into a fresh memory BIO, as text.
    static func write(_ write: (OpaquePointer) -> Int32) throws -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { throw TLSError("BIO_new") }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else { throw TLSError("cannot write PEM") }
        var data: UnsafeMutablePointer<CChar>?
        let count = lcemu_bio_mem_data(bio, &data)
        guard let data, count > 0 else { throw TLSError("empty PEM") }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
    }

    private static func withBIO<T>(_ pem: String, _ body: (OpaquePointer) -> T?) -> T? {
        let bytes = Array(pem.utf8)
        return bytes.withUnsafeBytes { raw -> T? in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { BIO_free(bio) }
            return body(bio)
        }
    }
}
