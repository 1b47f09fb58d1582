import EmuData
import EmuRouting

/// How `AppDataFile.importObjects` treats what it finds (docs/import-export.md).
public struct ImportOptions: Sendable {
    /// Overwrite objects whose objectId is already in the class (default: reject them).
    public var replace: Bool
    /// Write the objects that can be written and report the others, instead of writing nothing
    /// when any object is rejected.
    public var continueOnError: Bool
    /// The line where each object starts in its file, for messages; nil when not from a file.
    public var lines: [Int]?

    public init(replace: Bool = false, continueOnError: Bool = false, lines: [Int]? = nil) {
        self.replace = replace
        self.continueOnError = continueOnError
        self.lines = lines
    }
}
