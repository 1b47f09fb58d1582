// libFuzzer target: the JSON parser every request body goes through accepts or refuses any
// bytes without crashing, and what it accepts serializes to a fixed point: serializing, parsing
// and serializing again gives the same bytes. (Text that could only be stored as another value —
// invalid UTF-8, lone surrogates, 1e999 — is refused, so what is accepted is what was sent.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let value = try? JSONParser.parse(bytes) else { return 0 }
    let once = value.serialized()
    guard let reparsed = try? JSONParser.parse(once) else { fatalError("cannot read back \(once)") }
    if reparsed.serialized() != once { fatalError("serialization is not stable for \(value)") }
    return 0
}
