import EmuCrypto
import EmuSQLite

/// What an app's data was made from, kept in its database's `emu_meta` table so a later start
/// can tell the truth about the seed: loaded, unchanged, changed since, or never used because an
/// import made the database (docs/seed.md, "What a start says about the seed").
///
/// | key | value |
/// |---|---|
/// | `seed.origin` | `seed`, `import:<file>` or `none` |
/// | `seed.source` | the seed folders, comma-separated (empty for an import or none) |
/// | `seed.fingerprint` | SHA-256 of the seed's file names and bytes (empty for an import or none) |
public struct SeedProvenance: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// Loaded from seed folders.
        case seed
        /// Made by `lcemu import` (or `lcemu exec --import`) from this file or folder.
        case imported(String)
        /// Started empty (`--no-seed`).
        case none
    }

    public var origin: Origin
    /// The folders, as given, comma-separated.
    public var source: String
    /// SHA-256 over the seed files' names and bytes, folder by folder; empty when not a seed.
    public var fingerprint: String

    public init(origin: Origin, source: String = "", fingerprint: String = "") {
        self.origin = origin
        self.source = source
        self.fingerprint = fingerprint
    }

    /// Nothing loaded.
    public static let none = SeedProvenance(origin: .none)

    /// An import of `file` made the database.
    public static func imported(_ file: String) -> SeedProvenance { SeedProvenance(origin: .imported(file)) }

    /// True when `other` is the same seed: the folders may move, their files may not change.
    public func isSameSeed(as other: SeedProvenance) -> Bool {
        origin == .seed && other.origin == .seed && fingerprint == other.fingerprint
    }

    var originText: String {
        switch origin {
        case .seed: "seed"
        case .imported(let file): "import:" + file
        case .none: "none"
        }
    }

    init(originText: String, source: String, fingerprint: String) {
        let origin: Origin = originText == "seed" ? .seed
            : originText.hasPrefix("import:") ? .imported(String(originText.dropFirst("import:".count))) : .none
        self.init(origin: origin, source: source, fingerprint: fingerprint)
    }
}

// MARK: - The meta rows

extension SeedProvenance {
    static let keys = (origin: "seed.origin", source: "seed.source", fingerprint: "seed.fingerprint")
    /// Written once, the first time anything (seed, nothing, an import) fills the database.
    static let seededKey = "seeded"

    /// Writes the three rows; the caller provides the transaction.
    public func record(in db: Database) throws {
        for (key, value) in [(Self.keys.origin, originText), (Self.keys.source, source), (Self.keys.fingerprint, fingerprint)] {
            try db.execute("INSERT OR REPLACE INTO emu_meta (key, value) VALUES (?, ?)", [.text(key), .text(value)])
        }
    }

    /// What the database records, or nil when it records nothing: a fresh database (`seeded`
    /// absent), or one filled before provenance was recorded (`seeded` present, the rows absent).
    public static func recorded(in db: Database) throws -> SeedProvenance? {
        func value(_ key: String) throws -> String? {
            try db.scalar("SELECT value FROM emu_meta WHERE key = ?", [.text(key)])?.textValue
        }
        guard let origin = try value(keys.origin) else { return nil }
        return SeedProvenance(originText: origin, source: try value(keys.source) ?? "",
                              fingerprint: try value(keys.fingerprint) ?? "")
    }

    /// True when the database was ever filled (seeded, started empty, or imported into).
    public static func isFilled(_ db: Database) throws -> Bool {
        try db.scalar("SELECT value FROM emu_meta WHERE key = ?", [.text(seededKey)]) != nil
    }

    /// Marks the database filled, as of `now` (ISO text).
    public static func markFilled(_ db: Database, at now: String) throws {
        try db.execute("INSERT OR IGNORE INTO emu_meta (key, value) VALUES (?, ?)", [.text(seededKey), .text(now)])
    }
}

// MARK: - The fingerprint

/// One seed file as the fingerprint sees it: its name within its folder and its bytes.
struct SeedFile {
    let name: String
    let bytes: [UInt8]

    /// Between folders, so moving a file from one folder to the next changes the fingerprint.
    static let separator = SeedFile(name: "/", bytes: [])

    /// SHA-256 over each file's name, length and bytes, in load order: hex.
    static func fingerprint(_ files: [SeedFile]) -> String {
        var input: [UInt8] = []
        for file in files {
            input += Array(file.name.utf8) + [0] + Array(String(file.bytes.count).utf8) + [0] + file.bytes
        }
        return Digest.sha256Hex(input)
    }
}

extension SeedProvenance {
    /// Returns a database to fresh: no data, nothing recorded (an `lcemu import --with-seed`
    /// whose import failed takes its seed back this way, leaving nothing of either).
    public static func empty(_ db: Database) throws {
        for table in AppSchema.dataTables { try db.execute("DELETE FROM \(table)") }
        try db.execute("DELETE FROM emu_meta WHERE key IN (?, ?, ?, ?)",
                       [.text(seededKey), .text(keys.origin), .text(keys.source), .text(keys.fingerprint)])
    }
}
