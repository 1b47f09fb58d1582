import LCWire

/// How a resource shows a date and reads one back (`"format"` of a `date` field, or of a field
/// stored as `createdAt`/`updatedAt`): ISO text (the store's own), integer milliseconds or
/// seconds since 1970, or a pattern of `yyyy MM dd HH mm ss SSS` in a fixed time zone
/// (`"yyyy-MM-dd HH:mm:ss"` with `"timeZone": "+08:00"`), as apps written against a server of
/// their own expect. Both ways use one format, so what an answer shows a write may send back.
enum ResourceDateFormat: Sendable, Equatable {
    case iso
    case milliseconds
    case seconds
    case pattern([Piece], offsetMinutes: Int)

    /// One part of a pattern: a fixed-width number or literal text.
    enum Piece: Sendable, Hashable {
        case year, month, day, hour, minute, second, millisecond
        case literal(String)

        var width: Int {
            switch self {
            case .year: return 4
            case .millisecond: return 3
            case .literal(let text): return text.count
            default: return 2
            }
        }
    }

    static let tokens: [(String, Piece)] = [("yyyy", .year), ("MM", .month), ("dd", .day), ("HH", .hour), ("mm", .minute),
                                            ("ss", .second), ("SSS", .millisecond)]

    /// `format` is `iso`, `ms`, `s` or a pattern; `timeZone` (`Z`, `±HH:MM`) only with a pattern.
    init(format: String, timeZone: String?) throws {
        switch format {
        case "iso", "ms", "s":
            guard timeZone == nil else { throw RouteDefinitionError(field: "timeZone", "only a pattern format has a time zone (\(format) is UTC)") }
            self = format == "iso" ? .iso : format == "ms" ? .milliseconds : .seconds
        default:
            let pieces = try Self.pieces(format)
            self = .pattern(pieces, offsetMinutes: try RouteJSON.at("timeZone") { try Self.offsetMinutes(timeZone ?? "Z") })
        }
    }

    private static func pieces(_ pattern: String) throws -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(pattern)
        func literal(_ text: Substring) {
            if case .literal(let before) = pieces.last { pieces[pieces.count - 1] = .literal(before + text) } else { pieces.append(.literal(String(text))) }
        }
        while let first = rest.first {
            if let (token, piece) = tokens.first(where: { rest.hasPrefix($0.0) }) {
                pieces.append(piece)
                rest = rest.dropFirst(token.count)
            } else if first == "'" {
                // Quoted text is literal, as in Unicode date patterns: `yyyy-MM-dd'T'HH:mm`.
                guard let close = rest.dropFirst().firstIndex(of: "'") else { throw RouteDefinitionError(field: "format", "an unclosed ' in \(pattern)") }
                literal(rest[rest.index(after: rest.startIndex)..<close])
                rest = rest[rest.index(after: close)...]
            } else if first.isLetter {
                throw RouteDefinitionError(field: "format", "'\(first)' in \(pattern) is not one of yyyy, MM, dd, HH, mm, ss, SSS (quote literal letters: 'T'), nor iso, ms or s")
            } else {
                literal(rest.prefix(1))
                rest = rest.dropFirst()
            }
        }
        for required in [Piece.year, .month, .day] where !pieces.contains(required) {
            throw RouteDefinitionError(field: "format", "\(pattern) needs yyyy, MM and dd")
        }
        return pieces
    }

    /// `Z` or `±HH:MM` as minutes east of UTC.
    static func offsetMinutes(_ text: String) throws -> Int {
        if text == "Z" { return 0 }
        let utf8 = Array(text.utf8)
        guard utf8.count == 6, utf8[0] == UInt8(ascii: "+") || utf8[0] == UInt8(ascii: "-"), utf8[3] == UInt8(ascii: ":"),
              let hours = Int(text.dropFirst().prefix(2)), let minutes = Int(text.suffix(2)), hours <= 14, minutes < 60 else {
            throw RouteDefinitionError(field: "", "expected Z or ±HH:MM (+08:00), got \(text)")
        }
        return (hours * 60 + minutes) * (utf8[0] == UInt8(ascii: "-") ? -1 : 1)
    }

    /// The date as the wire shows it: text, or an integer.
    func render(_ date: LCDate) -> JSON {
        switch self {
        case .iso: return .string(date.iso)
        case .milliseconds: return .number(Double(date.millisecondsSince1970))
        case .seconds: return .number(Double(Self.floorDivide(date.millisecondsSince1970, 1000)))
        case .pattern(let pieces, let offset):
            // The ISO text of the shifted instant holds the local fields at fixed places.
            let (shifted, overflow) = date.millisecondsSince1970.addingReportingOverflow(Int64(offset) * 60_000)
            let local = overflow ? [] : Array(LCDate(millisecondsSince1970: shifted).iso.utf8)
            guard local.count == 24 else { return .string(date.iso) }  // a year past 9999: no pattern fits
            let places: [Piece: Range<Int>] = [.year: 0..<4, .month: 5..<7, .day: 8..<10, .hour: 11..<13, .minute: 14..<16,
                                               .second: 17..<19, .millisecond: 20..<23]
            var text = ""
            for piece in pieces {
                if case .literal(let literal) = piece { text += literal } else if let range = places[piece] {
                    text += String(decoding: local[range], as: UTF8.self)
                }
            }
            return .string(text)
        }
    }

    /// The date a write sends: in this format, or LeanCloud's `{"__type":"Date"}`; nil when neither.
    func parse(_ value: JSON) -> LCDate? {
        if let date = LCDate(json: value) { return date }
        switch self {
        case .iso:
            return value.stringValue.flatMap(LCDate.init(iso:))
        case .milliseconds, .seconds:
            let number = value.int64Value ?? value.stringValue.flatMap { Int64($0) }
            guard let number else { return nil }
            let (product, overflow) = number.multipliedReportingOverflow(by: self == .seconds ? 1000 : 1)
            return overflow ? nil : LCDate(millisecondsSince1970: product)
        case .pattern(let pieces, let offset):
            guard let text = value.stringValue else { return nil }
            return Self.parse(Substring(text), pieces, offsetMinutes: offset)
        }
    }

    private static func parse(_ text: Substring, _ pieces: [Piece], offsetMinutes: Int) -> LCDate? {
        var fields: [Piece: Substring] = [.month: "01", .day: "01", .hour: "00", .minute: "00", .second: "00", .millisecond: "000"]
        var rest = text
        for piece in pieces {
            let part = rest.prefix(piece.width)
            guard part.count == piece.width else { return nil }
            if case .literal(let literal) = piece {
                guard part == literal else { return nil }
            } else {
                guard part.allSatisfy(\.isASCIIDigit) else { return nil }
                fields[piece] = part
            }
            rest = rest.dropFirst(piece.width)
        }
        guard rest.isEmpty, let year = fields[.year] else { return nil }
        let sign = offsetMinutes < 0 ? "-" : "+"
        let zone = "\(sign)\(twoDigits(abs(offsetMinutes) / 60)):\(twoDigits(abs(offsetMinutes) % 60))"
        let iso = "\(year)-\(fields[.month]!)-\(fields[.day]!)T\(fields[.hour]!):\(fields[.minute]!):\(fields[.second]!).\(fields[.millisecond]!)\(zone)"
        return LCDate(iso: iso)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
