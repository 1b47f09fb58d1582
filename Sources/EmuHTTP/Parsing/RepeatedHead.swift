/// What the previous request on this connection carried, so that the next one may share its
/// strings: a keep-alive client repeats most of its head (Host, User-Agent, the app id, the
/// session token, often the whole line), and a repeated field then costs a byte comparison
/// instead of two strings and, when every field repeats, the field array too.
struct RepeatedHead {
    var method = ""
    var target = ""
    var path = ""
    var query: [(name: String, value: String)] = []
    var fields: [HTTPHeaders.Field] = []

    /// Heads larger than this (target and field lines) are not kept for the next request: a
    /// client's usual head is well under 1 KiB.
    static let maxKeptBytes = 4 * 1024

    /// Whether `string` holds exactly `bytes[range]`.
    static func matches(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard string.utf8.count == range.count else { return false }
        return string.utf8.withContiguousStorageIfAvailable { own in
            own.elementsEqual(UnsafeBufferPointer(rebasing: bytes[range]))
        } ?? false
    }

    /// The previous request's field at `index` when the line's name and value repeat it.
    func field(at index: Int, name: Range<Int>, value: Range<Int>,
               in bytes: UnsafeBufferPointer<UInt8>) -> HTTPHeaders.Field? {
        guard index < fields.count else { return nil }
        let previous = fields[index]
        guard Self.matches(previous.value, bytes, value), Self.matches(previous.name, bytes, name) else { return nil }
        return previous
    }
}
