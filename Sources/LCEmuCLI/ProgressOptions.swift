import ArgumentParser
import Dispatch
import EmuAPI
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether `import` and `export` draw progress on standard error: by default only when it is a
/// terminal (`isatty(2)`), so logs and pipes get nothing but the summary line; `--progress`
/// forces it (drawn from the first object, for a terminal that is not seen as one) and
/// `--no-progress` turns it off; `LCEMU_PROGRESS=1` or `0` does the same from the environment.
struct ProgressOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo,
          help: "Draw progress (objects/s, a bar) on standard error. [env: LCEMU_PROGRESS=1 or 0] (default: only when it is a terminal)")
    var progress: Bool?

    /// `--progress`/`--no-progress`, else `LCEMU_PROGRESS`, else nil (decide by the terminal).
    var requested: Bool? { Environment.optionalFlag(progress, "LCEMU_PROGRESS") }

    /// The meter for `total` objects, or nil when no progress is drawn.
    func meter(verb: String, total: Int?) -> ProgressMeter? {
        let requested = requested
        let forced = requested == true
        guard forced || (requested == nil && isatty(2) == 1) else { return nil }
        // Forced: draw at once, so even a small run shows the line; on a terminal: only once a
        // run lasts half a second, so small imports do not flicker.
        return ProgressMeter(verb: verb, total: total, delay: forced ? 0 : 0.5,
                             clock: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
                             write: { StandardStream.error.write($0) })
    }
}
