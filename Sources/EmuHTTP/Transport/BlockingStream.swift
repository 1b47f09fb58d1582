/// A blocking byte stream over a connected socket, for `BlockingHTTPClient`: TLS from `EmuTLS`
/// (`TLSClientStream`) instead of the plain socket.
public protocol BlockingStream: AnyObject {
    /// Writes some of `bytes`; returns how many (more than zero) or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws -> Int
    /// Reads into `buffer`; returns how many bytes, 0 at the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}
