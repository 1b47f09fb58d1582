/// The parts of a request gathered while its head is read.
struct PendingHead {
    var method = ""
    var target = ""
    var path = ""
    var query: [(name: String, value: String)] = []
    var version = HTTPVersion.http1_1
    /// The fields read so far, once one of them differs from the previous request's; until then
    /// empty, and `repeatedFields` counts the leading fields that repeat it.
    var fields: [HTTPHeaders.Field] = []
    var repeatedFields = 0
    /// Bytes of empty lines skipped before the request line.
    var skippedBytes = 0
    /// Bytes of field lines so far, terminators included; trailers add to it.
    var headerBytes = 0
    /// What the fields said about Host, framing and Expect.
    var facts = HeadFacts()
    /// How the body is delimited; decided once the head is complete.
    var framing = BodyFraming.none
    /// Whether the client awaits `100 Continue` before sending the body.
    var expectsContinue = false
    var continueReported = false

    /// How many fields have been read.
    var fieldCount: Int { fields.isEmpty ? repeatedFields : fields.count }

    /// Adds a field read; `repeated` when it is `previous`'s field at this place.
    mutating func add(_ field: HeaderField, repeated: Bool, previous: RepeatedHead) {
        if repeated && fields.isEmpty {
            repeatedFields += 1
            return
        }
        if fields.isEmpty {
            fields.reserveCapacity(16)
            fields.append(contentsOf: previous.fields[..<repeatedFields])
        }
        fields.append((name: field.name, value: field.value))
    }

    /// The head's fields: the previous request's array itself when every field repeated it.
    func allFields(repeating previous: RepeatedHead) -> [HTTPHeaders.Field] {
        if !fields.isEmpty { return fields }
        return repeatedFields == previous.fields.count ? previous.fields : Array(previous.fields[..<repeatedFields])
    }
}
