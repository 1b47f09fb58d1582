import EmuData
import EmuRouting

/// What an import did, for the one line `lcemu import` prints.
public struct ImportReport: Sendable, Equatable {
    public var className: String
    /// New objects written.
    public var inserted = 0
    /// Existing objects overwritten (only with `replace`).
    public var replaced = 0
    /// Objects left out, in input order (only with `continueOnError`; otherwise they throw).
    public var rejected: [ImportRejection] = []

    public init(className: String, inserted: Int = 0, replaced: Int = 0) {
        self.className = className
        self.inserted = inserted
        self.replaced = replaced
    }

    /// Objects written in all.
    public var total: Int { inserted + replaced }
}
