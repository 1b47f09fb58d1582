import EmuData
import EmuRouting
import LCWire

/// One object of an import that cannot be written, and why: its position in the input (1-based,
/// and its line when it came from a file), the reason, and the error code LeanCloud answers when
/// the same object is sent to `POST /1.1/classes/<class>` (nil when the API has no such case).
public struct ImportRejection: Equatable, Sendable, CustomStringConvertible {
    /// Position among the input's objects, from 1.
    public var index: Int
    /// Line of the file where the object starts, when known.
    public var line: Int?
    public var reason: String
    /// LeanCloud's code for the same problem (105 invalid key name, 123 invalid ACL, 137 duplicate value).
    public var code: Int?

    public init(index: Int, line: Int? = nil, reason: String, code: Int? = nil) {
        self.index = index
        self.line = line
        self.reason = reason
        self.code = code
    }

    /// `object 7 (line 12): invalid field name 'read-time': …`
    public var description: String {
        "object \(index)" + (line.map { " (line \($0))" } ?? "") + ": " + reason
    }

    /// The description with the API's code, as `lcemu import` lists rejections.
    public var listing: String {
        description + (code.map { " (LeanCloud code \($0))" } ?? "")
    }
}

/// An all-or-nothing import that found objects it cannot write: nothing was written.
public struct ImportRejectedError: Error, CustomStringConvertible {
    public var rejections: [ImportRejection]
    /// Objects in the input.
    public var total: Int
    /// The file imported, when it was one.
    public var file: String?

    public init(rejections: [ImportRejection], total: Int, file: String? = nil) {
        self.rejections = rejections
        self.total = total
        self.file = file
    }

    /// The first rejection, and how many more there are.
    public var description: String {
        let more = rejections.count > 1 ? " (and \(rejections.count - 1) more rejected)" : ""
        return (file.map { "\($0): " } ?? "") + (rejections.first?.description ?? "no objects rejected") + more
    }
}

extension ImportError {
    /// The rejection of the object at `index` (0-based) for this error.
    func rejection(index: Int, lines: [Int]?) -> ImportRejection {
        ImportRejection(index: index + 1, line: lines?[index], reason: description, code: code)
    }
}
