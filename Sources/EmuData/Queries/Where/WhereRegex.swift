#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCWire

/// A `$regex` with its `$options`: `i` case-insensitive, `m` multi-line anchors, `s` dot
/// matches newlines, `x` extended (whitespace and `#` comments ignored) (spec §3.2). Checked and
/// compiled once by `WhereParser` (`RegexCache`, whose messages both engines answer with); SQL
/// passes `pattern` and `options` to `lcemu_regexp`, the in-memory matcher uses `expression`.
struct WhereRegex: Sendable {
    let pattern: String
    let options: String
    let expression: RegularExpression

    init(pattern: JSON, options: JSON?) throws {
        guard let text = pattern.stringValue else { throw QueryError.invalid("$regex needs a string") }
        guard text.utf8.count <= QueryLimits.maxRegexBytes else {
            throw QueryError.invalid("$regex is longer than \(QueryLimits.maxRegexBytes) bytes")
        }
        var letters = ""
        if let options {
            guard let string = options.stringValue else { throw QueryError.invalid("$options needs a string") }
            letters = string
        }
        self.pattern = text
        self.options = letters
        expression = try RegexCache.shared.regex(pattern: text, options: letters)
    }

    /// A match that runs past `RegexBudget.perMatch` counts as none: the condition then fails
    /// (a conditional write answers 305) instead of pinning the worker.
    func matches(_ text: String) -> Bool {
        RegexBudget.firstMatch(expression, in: text) ?? false
    }
}

extension RegularExpression.Options {
    /// The flags of `$options` letters (spec §3.2), shared by in-memory matching and SQL queries;
    /// any other letter throws what `unsupported` makes of it.
    init(regexOptions letters: String, unsupported: (Character) -> Error) throws {
        self = []
        for letter in letters {
            switch letter {
            case "i": insert(.caseInsensitive)
            case "m": insert(.anchorsMatchLines)
            case "s": insert(.dotMatchesLineSeparators)
            case "x": insert(.allowCommentsAndWhitespace)
            default: throw unsupported(letter)
            }
        }
    }
}

// MARK: - RegexBudget

/// Time budgets for regular expressions. Backtracking patterns such as `^(a+)+$` take
/// exponential time on some inputs (40 characters: hours); RegularExpression asks whether to
/// stop every 1,024 steps, and a match stops at its deadline. Two budgets bound a query's `$regex`:
/// - `perMatch`, for one value, so that one catastrophic value fails at once;
/// - `perStatement`, for the time all the matches of one query statement spend matching, so that
///   a pattern just under `perMatch` on every row of a large class cannot pin a worker for
///   rows × 50 ms, while a statement slow for other reasons (a large scan) loses none of it.
/// Custom routes share `firstMatch(_:in:until:)` with a deadline per request (RequestRegexBudget).
package enum RegexBudget {
    /// How long one match may run; ordinary patterns take microseconds.
    static let perMatch: Duration = .milliseconds(50)
    /// How long all the matches of one query statement may run together: far above what a
    /// simple pattern costs on 100,000 objects, far below a pinned worker.
    static let perStatement: Duration = .seconds(2)

    /// Thrown inside SQLite when a match runs out of budget; the statement fails with its message.
    struct Exceeded: Error, CustomStringConvertible {
        static let message = "lcemu: $regex match exceeded its time budget"
        var description: String { Self.message }
    }

    /// Whether `regex` matches somewhere in `text`; nil when the match ran past its budget: the
    /// sooner of `perMatch` and what is left of the statement's (`forStatement`), which the
    /// match's own time is then taken from. Time the statement spends elsewhere costs nothing.
    static func firstMatch(_ regex: RegularExpression, in text: String) -> Bool? {
        let start = ContinuousClock.now
        guard let statement = StatementBudget.current else {
            return firstMatch(regex, in: text, until: start + perMatch)
        }
        guard let left = statement.left() else { return nil }
        let found = firstMatch(regex, in: text, until: start + min(perMatch, left))
        statement.remaining -= ContinuousClock.now - start
        return found
    }

    /// Whether `regex` matches somewhere in `text`; nil when `deadline` passed first. The
    /// deadline is on the time the match runs: once the wall clock passes it, the thread's own
    /// CPU clock must pass the same span again (`RunningDeadline`), so a match that waited for a
    /// core on a loaded machine is not cut short, and a backtracking one stops within twice its span.
    package static func firstMatch(_ regex: RegularExpression, in text: String, until deadline: ContinuousClock.Instant) -> Bool? {
        let start = ContinuousClock.now
        guard start < deadline else { return nil }
        var running = RunningDeadline(wall: deadline, span: deadline - start)
        return regex.firstMatch(in: text) { running.passed() }
    }

    /// Runs `statement` with one `budget` for every match it makes on this thread (SQLite calls
    /// `lcemu_regexp` on the thread that steps the statement). A nested call keeps the outer budget.
    /// It costs a thread-local write, so callers wrap only statements that can match a
    /// `$regex` (`QueryExecutor.withinLimits`).
    static func forStatement<T>(within budget: Duration = perStatement, _ statement: () throws -> T) rethrows -> T {
        guard StatementBudget.current == nil else { return try statement() }
        let current = StatementBudget(remaining: budget)
        pthread_setspecific(StatementBudget.key, Unmanaged.passUnretained(current).toOpaque())
        defer { pthread_setspecific(StatementBudget.key, nil) }
        return try withExtendedLifetime(current) { try statement() }
    }

    /// Whether a statement's budget applies on this thread now.
    static var inStatement: Bool { StatementBudget.current != nil }

    /// What is left of this thread's statement budget; nil outside a statement.
    static var remainingInStatement: Duration? { StatementBudget.current?.remaining }

    /// What is left of a statement's budget; a reference, so each match takes its time off
    /// without writing the thread-local again. Only its own thread touches it.
    private final class StatementBudget {
        /// The thread-local slot holding the running statement's budget (unretained:
        /// `forStatement` keeps it alive while it is set).
        static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key, nil)
            return key
        }()

        static var current: StatementBudget? {
            pthread_getspecific(key).map { Unmanaged<StatementBudget>.fromOpaque($0).takeUnretainedValue() }
        }

        let budget: Duration
        /// The thread's CPU time when the statement began, read once per statement.
        let startCPU = ThreadCPUClock.now
        /// Matching time left, counted on the wall clock: cheap, and never less than the truth.
        var remaining: Duration
        init(remaining: Duration) {
            budget = remaining
            self.remaining = remaining
        }

        /// What is left, nil when spent. When the wall clock says spent, the thread's CPU clock
        /// decides: a statement that waited for a core has not matched for that long.
        func left() -> Duration? {
            if remaining > .zero { return remaining }
            remaining = budget - (ThreadCPUClock.now - startCPU)
            return remaining > .zero ? remaining : nil
        }
    }
}

// MARK: - RunningDeadline

/// A deadline on the time a thread runs, read cheaply: the wall clock (vDSO, tens of
/// nanoseconds) until it passes, then the thread's CPU clock (a system call, about a
/// microsecond) for the same span again. A regex's budget bounds the work a pattern makes a
/// worker do; a machine busy with other work (a build, a test run in parallel) must not turn
/// an ordinary pattern into a refused query.
struct RunningDeadline {
    let wall: ContinuousClock.Instant
    let span: Duration
    private var cpuDeadline: Duration?

    init(wall: ContinuousClock.Instant, span: Duration) {
        self.wall = wall
        self.span = span
    }

    mutating func passed() -> Bool {
        guard ContinuousClock.now > wall else { return false }
        let cpu = ThreadCPUClock.now
        guard let cpuDeadline else {
            cpuDeadline = cpu + span
            return false
        }
        return cpu > cpuDeadline
    }
}

/// The CPU time the calling thread has run.
enum ThreadCPUClock {
    static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}
