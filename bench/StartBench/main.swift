// The in-process half of bench/isolation: how long a Swift test waits for its own emulator
// (`Emulator.start`, seeded and not) and for a reset of one (`Emulator.reset()`, no HTTP).
// Prints p50/p99 in ms, one line each. Timings, never a test: bench/isolation runs it.
//
//     swift run -c release lcemu-start-bench [RUNS]
import Dispatch
import EmuTesting

let runs = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 50

func milliseconds(_ body: () async throws -> Void) async rethrows -> Double {
    let began = DispatchTime.now().uptimeNanoseconds
    try await body()
    return Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
}

func report(_ name: String, _ samples: [Double]) {
    let sorted = samples.sorted()
    func at(_ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))] }
    print(name.padding(toLength: 40, withPad: " ", startingAt: 0)
          + String(format: "p50 %7.2f ms   p99 %7.2f ms   (%d runs)", at(0.5), at(0.99), sorted.count))
}

// The first start of each kind pays for the process's one-time work and, seeded, for what the
// later ones copy (parsing the seed, migrating, inserting it: SeedImageCache): shown apart.
let firstSeeded = try await milliseconds { _ = try await Emulator.start(seeded: true) }
_ = try await Emulator.start(seeded: false)
var seeded: [Double] = [], empty: [Double] = [], resets: [Double] = []
for _ in 0..<runs {
    var emulator: Emulator?
    seeded.append(try await milliseconds { emulator = try await Emulator.start(seeded: true) })
    emulator = nil  // stops it
    empty.append(try await milliseconds { emulator = try await Emulator.start(seeded: false) })
    _ = emulator
}
let emulator = try await Emulator.start(seeded: true)
for _ in 0..<max(runs, 200) { resets.append(try await milliseconds { try await emulator.reset() }) }
print("first Emulator.start(seeded: true)      " + String(format: "%7.2f ms (nothing cached yet)", firstSeeded))
report("Emulator.start(seeded: true)", seeded)
report("Emulator.start(seeded: false)", empty)
report("Emulator.reset() (seeded, in-process)", resets)
