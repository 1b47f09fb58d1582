import EmuData
import EmuRouting

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
