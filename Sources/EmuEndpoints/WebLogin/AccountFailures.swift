import EmuData
import EmuRouting
import EmuSQLite

/// Failed `/api` log-ins per account, across sessions (`web_login_failures`).
enum AccountFailures {
    static func count(of userId: String?, in db: Database) throws -> Int {
        guard let userId else { return 0 }
        return Int(try db.scalar("SELECT failures FROM web_login_failures WHERE user_id = ?", [.text(userId)])?.int64Value ?? 0)
    }

    static func increment(_ userId: String, in db: Database) throws {
        try db.execute("""
            INSERT INTO web_login_failures (user_id, failures) VALUES (?, 1)
            ON CONFLICT (user_id) DO UPDATE SET failures = failures + 1
            """, [.text(userId)])
    }

    static func clear(_ userId: String, in db: Database) throws {
        try db.execute("DELETE FROM web_login_failures WHERE user_id = ?", [.text(userId)])
    }
}
