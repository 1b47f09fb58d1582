import EmuSQLite

/// Tables of the cookie-session and OAuth log-ins (migration `weblogin-v1`). Times are
/// milliseconds of the app clock.
enum WebLoginSchema {
    /// Emptied by `/__admin/reset` with the other data tables.
    static let tables = ["web_sessions", "web_login_failures", "oauth_tokens"]

    static func create(in db: Database) throws {
        try db.execute("""
            -- One row per `sid` cookie (login-flows.md §2): its CSRF token, the captcha answer
            -- of the last /api/getCaptcha, failed log-ins, the logged-in user, and a log-in that
            -- waits for its two-factor code.
            CREATE TABLE web_sessions (
                sid TEXT PRIMARY KEY,
                xsrf TEXT NOT NULL,
                user_id TEXT,
                captcha TEXT,
                failures INTEGER NOT NULL DEFAULT 0,
                last_account TEXT,
                pending_user_id TEXT,
                pending_code TEXT,
                pending_remember INTEGER NOT NULL DEFAULT 0,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL
            );
            -- Failed /api log-ins per account, across sessions; a success clears the count.
            CREATE TABLE web_login_failures (
                user_id TEXT PRIMARY KEY,
                failures INTEGER NOT NULL
            );
            -- One row per OAuth grant or refresh (login-flows.md §3); a refresh deletes its row.
            CREATE TABLE oauth_tokens (
                access_token TEXT PRIMARY KEY,
                refresh_token TEXT NOT NULL UNIQUE,
                user_id TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                refresh_expires_at INTEGER NOT NULL
            );
            CREATE INDEX oauth_tokens_by_user ON oauth_tokens (user_id);
            """)
    }

    /// Migration `weblogin-v2`: OAuth tokens are bound to the user's LeanCloud session token and
    /// die with it. Rows from before have none ('') and so stop working.
    static func bindOAuthTokensToSessions(in db: Database) throws {
        try db.execute("ALTER TABLE oauth_tokens ADD COLUMN session_token TEXT NOT NULL DEFAULT ''")
    }
}
