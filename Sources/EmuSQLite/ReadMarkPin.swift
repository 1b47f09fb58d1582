/// Keeps the writer connection in an open read transaction while it is idle, so that reads on
/// the pool's connections take their WAL read lock without a system call.
///
/// Why: every read transaction in WAL mode takes a shared lock on one of the WAL index's
/// read-mark slots and drops it at the end. SQLite's unix VFS asks the kernel (`fcntl`, two per
/// read) only when no other connection of the same process holds that slot already; those two
/// calls were 8 % of the server's CPU on a signed fetch (docs/performance.md). While the writer
/// sits in a read transaction begun after the last commit, its slot is the one every new reader
/// picks (the one whose mark is the WAL's last frame), so a reader's lock and unlock stay
/// inside the process.
///
/// Nothing is read through the pin: every read still begins its own transaction, with the WAL
/// index's current header, so it sees every commit made before it, by this process or another
/// one. The pin only keeps a lock. It is let go before every use of the writer (`release`),
/// because a write must start from the newest snapshot (another process may have written) and
/// the log is rewound (restarted from its first frame) only when no reader holds a mark; it is
/// taken again after the write committed (`hold`), when the automatic checkpoint has run.
/// What it costs: a write makes two `fcntl` calls more (letting go, taking again), and a
/// checkpoint run by another process while this one is idle copies frames only up to the pin's
/// mark (the next write here moves it on).
///
/// Used under the queue's writer lock only.
final class ReadMarkPin {
    private let writer: Database
    /// `PRAGMA schema_version` reads the database header: stepped to its one row and left
    /// there, it keeps the connection's read transaction open until it is reset.
    private var statement: Statement?

    init(writer: Database) {
        self.writer = writer
    }

    /// Begins a read transaction on the writer and keeps it. Best effort: if it cannot be
    /// taken (a busy or damaged database) reads simply lock through the kernel, as without it.
    func hold() {
        guard writer.isOpen else { return }
        do {
            if statement == nil { statement = try writer.prepare("PRAGMA schema_version") }
            statement?.reset()
            _ = try statement?.step()
        } catch {
            statement?.reset()
        }
    }

    /// Ends the kept read transaction, before the writer is used.
    func release() {
        statement?.reset()
    }

    /// Ends it for good and finalizes the statement, before the writer closes.
    func close() {
        statement = nil
    }
}
