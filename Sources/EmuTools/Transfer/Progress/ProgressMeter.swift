import EmuData
import EmuRouting

/// Draws `ProgressLine`s on a terminal, in place (carriage return, erase to the end of the line),
/// at most every `interval` seconds, and only once the work has lasted `delay` seconds, so that
/// a small import that ends at once draws nothing. `finish()` erases the line, leaving the
/// terminal to the summary the command prints next.
///
/// The clock and the output are parameters: tests drive it with a fake clock and read what it
/// wrote; the CLI gives it the monotonic clock and standard error.
public final class ProgressMeter {
    public let verb: String
    public let total: Int?
    private let clock: () -> Double
    private let write: (String) -> Void
    private let delay: Double
    private let interval: Double
    private let start: Double
    private var lastDraw: Double?

    /// Erases the current terminal line from the cursor on (ANSI EL).
    static let eraseLine = "\u{1B}[K"

    public init(verb: String, total: Int?, delay: Double = 0.5, interval: Double = 0.1,
                clock: @escaping () -> Double, write: @escaping (String) -> Void) {
        self.verb = verb
        self.total = total
        self.clock = clock
        self.write = write
        self.delay = delay
        self.interval = interval
        start = clock()
    }

    /// Whether anything was drawn (and so `finish` must erase it).
    public var hasDrawn: Bool { lastDraw != nil }

    /// `done` objects so far: redraws when due.
    public func update(_ done: Int) {
        let now = clock()
        guard now - start >= delay else { return }
        if let lastDraw, now - lastDraw < interval, done != total { return }
        lastDraw = now
        write("\r" + ProgressLine(verb: verb, done: done, total: total, elapsed: now - start).text + Self.eraseLine)
    }

    /// The work ended: erase the line if one was drawn.
    public func finish() {
        guard hasDrawn else { return }
        write("\r" + Self.eraseLine)
    }
}
