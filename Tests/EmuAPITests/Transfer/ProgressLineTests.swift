import EmuAPI
import Testing

@Suite struct ProgressLineTests {
    @Test func withATotal_drawsABarThePercentageAndTheRate() {
        let line = ProgressLine(verb: "importing", done: 38_000, total: 100_000, elapsed: 2)
        #expect(line.text == "importing [#########...............]  38%  38000/100000 objects  19000 objects/s")
    }

    @Test func atTheStart_andAtTheEnd() {
        #expect(ProgressLine(verb: "importing", done: 0, total: 10, elapsed: 0).text
            == "importing [........................]   0%  0/10 objects")
        #expect(ProgressLine(verb: "exporting", done: 10, total: 10, elapsed: 0.5).text
            == "exporting [########################] 100%  10/10 objects  20 objects/s")
    }

    @Test func withoutATotal_countsAndRatesOnly() {
        #expect(ProgressLine(verb: "exporting", done: 1234, total: nil, elapsed: 0.25).text
            == "exporting 1234 objects  4936 objects/s")
        #expect(ProgressLine(verb: "exporting", done: 5, total: 0, elapsed: 1).text == "exporting 5 objects  5 objects/s")
    }

    @Test func moreThanTheTotal_staysAtAFullBar() {
        // A server may add objects between the count and the export.
        let text = ProgressLine(verb: "exporting", done: 12, total: 10, elapsed: 1).text
        #expect(text.hasPrefix("exporting [########################] 100%  12/10 objects"))
    }

    @Test func noRate_beforeThereIsTimeToDivideBy() {
        #expect(ProgressLine(verb: "importing", done: 500, total: nil, elapsed: 0.01).rate == nil)
        #expect(ProgressLine(verb: "importing", done: 500, total: nil, elapsed: 0.05).rate == 10_000)
    }
}

/// A clock that tests move by hand.
final class FakeClock: @unchecked Sendable {  // unchecked: used from one test's thread only
    var now = 100.0
    func read() -> Double { now }
}

@Suite struct ProgressMeterTests {
    let clock = FakeClock()
    let output = OutputLog()

    func meter(total: Int?, delay: Double) -> ProgressMeter {
        ProgressMeter(verb: "importing", total: total, delay: delay, interval: 0.1,
                      clock: { [clock] in clock.read() }, write: { [output] in output.append($0) })
    }

    @Test func drawsInPlace_atMostEveryInterval() {
        let meter = meter(total: 100, delay: 0)
        meter.update(1)
        clock.now += 0.0625
        meter.update(2)  // too soon: skipped
        clock.now += 0.0625
        meter.update(3)
        #expect(output.writes == [
            "\r" + ProgressLine(verb: "importing", done: 1, total: 100, elapsed: 0).text + "\u{1B}[K",
            "\r" + ProgressLine(verb: "importing", done: 3, total: 100, elapsed: 0.125).text + "\u{1B}[K",
        ])
    }

    @Test func theLastObject_isAlwaysDrawn() {
        let meter = meter(total: 2, delay: 0)
        meter.update(1)
        meter.update(2)
        #expect(output.writes.count == 2 && output.writes[1].contains("100%  2/2 objects"))
    }

    @Test func drawsNothing_beforeTheDelay_soQuickRunsStayQuiet() {
        let meter = meter(total: 10, delay: 0.5)
        meter.update(5)
        clock.now += 0.4
        meter.update(10)
        meter.finish()
        #expect(output.writes.isEmpty && !meter.hasDrawn)
    }

    @Test func finish_erasesTheLine_forTheSummary() {
        let meter = meter(total: nil, delay: 0.5)
        clock.now += 0.6
        meter.update(7)
        meter.finish()
        #expect(output.writes.last == "\r\u{1B}[K")
        #expect(output.writes.first == "\rimporting 7 objects  12 objects/s\u{1B}[K")
    }
}

/// What a meter wrote, in order.
final class OutputLog: @unchecked Sendable {  // unchecked: used from one test's thread only
    var writes: [String] = []
    func append(_ text: String) { writes.append(text) }
}
