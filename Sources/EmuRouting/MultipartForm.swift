
/// A `multipart/form-data` body (RFC 7578), read by every reader of form fields: the `/api`
/// log-in (its text parts are the form's fields) and custom routes' body matchers (text parts,
/// and file parts as their name, type and size). AFNetworking's `multipartFormData` POSTs, and
/// `curl -F`, send this.
///
/// Bounded: the body is already capped by `--max-body-bytes`; at most `maxParts` parts and
/// `maxHeaderBytes` of headers per part are read. A body over a bound, or not well formed
/// (no boundary, no closing delimiter, a part without `Content-Disposition: form-data; name=`),
/// is read as no form at all (nil): each reader then answers as for a body without the fields.
package struct MultipartForm: Sendable, Equatable {
    package static let maxParts = 1000
    package static let maxHeaderBytes = 8192

    package struct Part: Sendable, Equatable {
        package var name: String
        /// The file name of a file part; nil for a text field.
        package var filename: String?
        /// The part's `Content-Type`, when it gives one.
        package var contentType: String?
        package var body: [UInt8]

        /// The value as text: a text field's UTF-8 (invalid bytes replaced).
        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    package var parts: [Part]

    /// The text fields (parts without a file name), the first of a repeated name winning.
    package var textFields: [String: String] {
        var fields: [String: String] = [:]
        for part in parts where part.filename == nil && fields[part.name] == nil { fields[part.name] = part.text }
        return fields
    }

    /// True when `contentType` is `multipart/form-data` (any case, any parameters).
    package static func isMultipart(_ contentType: String?) -> Bool {
        contentType?.lowercased().trimmingPrefixSpaces.hasPrefix("multipart/form-data") == true
    }

    /// The parts of `body` under the `boundary` of `contentType`; nil when `contentType` is not
    /// `multipart/form-data` or the body is not well formed or over a bound.
    package init?(body: [UInt8], contentType: String?) {
        guard Self.isMultipart(contentType), let contentType, let boundary = Self.boundary(of: contentType) else { return nil }
        let bytes = body[...]
        let delimiter = Array("--\(boundary)".utf8)
        // Every delimiter but a first one at the very start follows a CRLF. Searched with the CR
        // first, which a boundary never holds: a failed try never overlaps the next, so a search
        // is linear in the body whatever the boundary.
        let next = [13, 10] + delimiter
        var index: Int
        if bytes.starts(with: delimiter) {
            index = 0
        } else {
            guard let found = Self.find(next, in: bytes, from: 0) else { return nil }
            index = found + 2
        }
        var parts: [Part] = []
        while true {
            index += delimiter.count
            // `--` after a delimiter closes the body (an epilogue may follow).
            if bytes.count >= index + 2, bytes[index] == 45, bytes[index + 1] == 45 { break }
            // Transport padding (spaces, tabs), then the CRLF ending the delimiter line.
            while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
            guard bytes.count >= index + 2, bytes[index] == 13, bytes[index + 1] == 10 else { return nil }
            index += 2
            guard parts.count < Self.maxParts, let end = Self.find(next, in: bytes, from: index),
                  let part = Self.part(bytes[index..<end]) else { return nil }
            parts.append(part)
            index = end + 2
        }
        self.parts = parts
    }

    /// The characters RFC 2046 §5.1.1 allows in a boundary (`bchars`).
    private static let boundaryCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'()+_,-./:=? ".utf8)

    /// The `boundary` parameter: 1 to 70 characters (RFC 2046 §5.1.1), quoted or not.
    static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingPrefixSpaces.lowercased().trimmingSuffixSpaces == "boundary" else { continue }
            var value = pair[1].trimmingPrefixSpaces.trimmingSuffixSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy(boundaryCharacters.contains) else { return nil }
            return value
        }
        return nil
    }

    /// One part: headers up to the blank line, then the body.
    private static func part(_ bytes: ArraySlice<UInt8>) -> Part? {
        let blank: [UInt8] = [13, 10, 13, 10]
        let headerEnd: Int
        let bodyStart: Int
        if bytes.starts(with: [13, 10]) {
            // No headers at all: RFC 7578 requires Content-Disposition, so this part is refused below.
            headerEnd = bytes.startIndex
            bodyStart = bytes.startIndex + 2
        } else {
            guard let end = find(blank, in: bytes, from: bytes.startIndex) else { return nil }
            headerEnd = end
            bodyStart = end + 4
        }
        guard headerEnd - bytes.startIndex <= maxHeaderBytes else { return nil }
        var disposition: String?
        var contentType: String?
        let headerText = String(decoding: bytes[bytes.startIndex..<headerEnd], as: UTF8.self)
        for line in headerText.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].lowercased().trimmingSuffixSpaces
            let value = line[line.index(after: colon)...].trimmingPrefixSpaces.trimmingSuffixSpaces
            if name == "content-disposition" { disposition = value } else if name == "content-type" { contentType = value }
        }
        guard let disposition, disposition.lowercased().hasPrefix("form-data"),
              let name = parameter("name", of: disposition) else { return nil }
        return Part(name: name, filename: parameter("filename", of: disposition), contentType: contentType,
                    body: Array(bytes[bodyStart...]))
    }

    /// A parameter of a `Content-Disposition` value, quoted (`name="a"`, with `\"` escapes) or not.
    package static func parameter(_ wanted: String, of header: String) -> String? {
        var rest = Substring(header)
        while let semicolon = rest.firstIndex(of: ";") {
            rest = rest[rest.index(after: semicolon)...].drop { $0 == " " || $0 == "\t" }
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let name = rest[..<equals].lowercased().trimmingSuffixSpaces
            var value = rest[rest.index(after: equals)...]
            var text = ""
            if value.first == "\"" {
                value = value.dropFirst()
                var escaped = false
                var closed = false
                while let character = value.first {
                    value = value.dropFirst()
                    if escaped { text.append(character); escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { closed = true; break } else { text.append(character) }
                }
                guard closed else { return nil }
                rest = value
            } else {
                let end = value.firstIndex(of: ";") ?? value.endIndex
                text = value[..<end].trimmingSuffixSpaces
                rest = value[end...]
            }
            if name == wanted { return text }
        }
        return nil
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, haystack.endIndex - start >= needle.count else { return nil }
        var index = start
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

private extension StringProtocol {
    var trimmingPrefixSpaces: Substring { Substring(String(self)).drop { $0 == " " || $0 == "\t" } }
    var trimmingSuffixSpaces: String {
        var text = String(self)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
