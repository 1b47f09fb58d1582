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

// MARK: - ProgressLine

/// The one line a terminal shows while `lcemu import` or `lcemu export` works: a pure value,
/// so that tests give it counts and a time and read the text.
///
/// ```
/// importing [#########...............]  38%  38000/100000 objects  41250 objects/s
/// exporting 38000 objects  41250 objects/s                  (no total known)
/// ```
public struct ProgressLine: Equatable, Sendable {
    /// What is being done: `importing`, `exporting`.
    public var verb: String
    public var done: Int
    /// Objects in all, when known: then the line has a bar and a percentage.
    public var total: Int?
    /// Seconds since the work started.
    public var elapsed: Double

    /// Characters between the brackets of the bar.
    public static let barWidth = 24

    public init(verb: String, done: Int, total: Int?, elapsed: Double) {
        self.verb = verb
        self.done = done
        self.total = total
        self.elapsed = elapsed
    }

    public var text: String {
        let speed = rate.map { "  \($0) objects/s" } ?? ""
        guard let total, total > 0 else { return "\(verb) \(done) objects\(speed)" }
        let fraction = min(1, max(0, Double(done) / Double(total)))
        let filled = Int(fraction * Double(Self.barWidth))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: Self.barWidth - filled)
        let percent = String(Int(fraction * 100))
        let padded = String(repeating: " ", count: 3 - percent.count) + percent
        return "\(verb) [\(bar)] \(padded)%  \(done)/\(total) objects\(speed)"
    }

    /// Objects per second, once there is time to divide by (a rate over the first instant
    /// would be noise).
    public var rate: Int? {
        guard elapsed >= 0.05 else { return nil }
        return Int((Double(done) / elapsed).rounded())
    }
}
