import EmuSQLite
import Testing

@Suite struct ErrorTests {
    @Test func constraintError_carriesCodesAndSQLButNotArguments() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE users(name TEXT UNIQUE, password TEXT NOT NULL)")
        let secret = "s3cr3t-do-not-log"
        let sql = "INSERT INTO users(name, password) VALUES (?, ?)"
        try db.execute(sql, [.text(secret), .text(secret)])
        let error = try #require(throws: SQLiteError.self) {
            try db.execute(sql, [.text(secret), .text(secret)])
        }
        #expect(error.code == 19) // SQLITE_CONSTRAINT
        #expect(error.extendedCode == 2067) // SQLITE_CONSTRAINT_UNIQUE
        #expect(error.isConstraintViolation && error.isUniqueViolation)
        #expect(error.sql == sql)
        #expect(error.description.contains(sql))
        #expect(error.description.contains("UNIQUE constraint failed"))
        #expect(!error.description.contains(secret))
        #expect(!String(reflecting: error).contains(secret))
    }

    @Test func notNullError_isAConstraintViolationButNotUnique() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE users(name TEXT, password TEXT NOT NULL)")
        let error = try #require(throws: SQLiteError.self) {
            try db.execute("INSERT INTO users VALUES (?, ?)", ["hidden-name", nil])
        }
        #expect(error.isConstraintViolation && !error.isUniqueViolation)
        #expect(!error.description.contains("hidden-name"))
    }

    @Test func syntaxError_carriesTheSQL() throws {
        let db = try Database(path: ":memory:")
        let error = try #require(throws: SQLiteError.self) { try db.prepare("SELEKT 1") }
        #expect(error.code == 1) // SQLITE_ERROR
        #expect(error.sql == "SELEKT 1")
        #expect(error.message.contains("syntax error"))
    }

    @Test func closedDatabase_throwsOnUse() throws {
        let db = try Database(path: ":memory:")
        let statement = try db.prepare("SELECT 1")
        try db.close()
        #expect(throws: SQLiteError.self) { try db.execute("SELECT 1") }
        #expect(throws: SQLiteError.self) { try db.query("SELECT 1", []) }
        #expect(throws: SQLiteError.self) { try db.prepare("SELECT 1") }
        #expect(throws: SQLiteError.self) { try statement.step() }
    }
}
