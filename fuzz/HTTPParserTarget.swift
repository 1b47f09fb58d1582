// libFuzzer target: any bytes fed to the HTTP/1.1 request parser end in requests or a parse
// error, never a crash, a hang or an out-of-bounds access (built with -sanitize=fuzzer,address).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var parser = HTTPRequestParser(limits: HTTPParserLimits(maxRequestLineBytes: 1024, maxHeaderBytes: 4096, maxBodyBytes: 65_536))
    // Fed in two pieces, as bytes arrive from a socket.
    let split = count / 2
    parser.append(UnsafeRawBufferPointer(start: start, count: split))
    while let event = try? parser.next() { _ = event }
    parser.append(UnsafeRawBufferPointer(start: start + split, count: count - split))
    while let event = try? parser.next() { _ = event }
    return 0
}
