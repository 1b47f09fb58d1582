import EmuData
import LCWire

/// When a write of one object (`RouteWork.shortWrite`, an object's create) is as short as a
/// read, so that it may answer on the connection's own thread (docs/http.md, "Where a route
/// runs"). Handing it to the worker pool costs two thread hops, futex wake-ups and context
/// switches, about a fifth of an in-memory create's CPU (docs/performance.md).
///
/// Only where nothing can make it wait:
/// - **in memory**: no commit waits for the disk (a database file keeps the pool: with
///   `--durable-writes` every commit is an `fsync`);
/// - **no engine**: a class hook would call the developer's LeanEngine app over HTTP, for as
///   long as its deadline allows;
/// - **a small body** (`bodyLimit`): what a write costs grows with what it writes (fields, a
///   relation's targets); a few KiB keep it to tens of microseconds;
/// - **not a class whose create does more**: `_User` signs up (a password hashed, a session
///   made), `_Installation` finds the device's earlier row.
///
/// The pool's inline places still bound how many run at once (`WorkerPool.enterInline`), as for
/// reads. Like an in-memory read, an inline write waits on the app's one connection while
/// another thread uses it.
public enum ShortWrite {
    /// The largest body written on the connection's thread; a typical create sends well under
    /// 1 KiB (bench/run's is 130 bytes).
    public static let bodyLimit = 4 * 1024

    /// Classes whose create does more than write a row, by the `className` capture.
    static let pooledClasses: Set<String> = [LCClassName.user, LCClassName.installation]

    public static func isShort(_ request: RequestContext<AppRuntime?>) -> Bool {
        guard let app = request.app, request.http.body.count <= bodyLimit, app.engine == nil,
              app.database.path == ":memory:" else { return false }
        guard let className = request.parameters["className"] else { return true }
        return !pooledClasses.contains(className)
    }
}
