import EmuSQLite
import LCWire

/// A value a query compares against, classified by its LeanCloud type.
enum QueryOperand: Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case date(LCDate)
    case pointer(LCPointer)
    /// Any other object or array: compared by its JSON text.
    case json(JSON)

    init(_ json: JSON) {
        switch json {
        case .string(let s): self = .string(s)
        case .number(let n): self = .number(n)
        case .bool(let b): self = .bool(b)
        case .null: self = .null
        default:
            if let date = LCDate(json: json) {
                self = .date(date)
            } else if let pointer = LCPointer(json: json) {
                self = .pointer(pointer)
            } else if let object = json.objectValue, object[LCWireKey.type]?.stringValue == LCTypeName.file.rawValue,
                      let id = (object[LCWireKey.id] ?? object[LCWireKey.objectId])?.stringValue {
                self = .pointer(LCPointer(className: LCClassName.file, objectId: id))
            } else {
                self = .json(json)
            }
        }
    }

    /// A number bound as INTEGER when it is one, so that it compares exactly with stored integers.
    static func bind(_ number: Double) -> SQLiteValue {
        if number == number.rounded(), abs(number) < 9.0e15 { return .integer(Int64(number)) }
        return .real(number)
    }

    /// A date for the `createdAt`/`updatedAt` columns: a Date object or an ISO string (§2.7).
    var milliseconds: Int64? {
        switch self {
        case .date(let date): return date.millisecondsSince1970
        case .string(let iso): return LCDate(iso: iso)?.millisecondsSince1970
        default: return nil
        }
    }
}
