// The in-process half of bench/isolation: how long a Swift test waits for its own emulator
// (`Emulator.start`, seeded and not) and for a reset of one (`Emulator.reset()`, no HTTP); then,
// when TESTS > 0, the same small tests as bench/isolation's HTTP part (a sign-up, a write, a
// query each, over LCClient), each on an emulator of its own (`Emulator.start(seeded: true)`),
// one after another, as tests per second. Timings, never a test: bench/isolation runs it.
//
//     swift run -c release lcemu-start-bench [RUNS] [TESTS]
import Dispatch
import EmuTesting
import LCClient

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let runs = arguments.first ?? 50
let tests = arguments.dropFirst().first ?? 0

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

/// What bench/isolation's small test does: signs a user up, saves a Post as that user, queries its Posts.
func smallTest(_ app: LCApplication, _ n: Int) async throws {
    let user = try await LCUser.signUp(username: "bench-\(n)", password: "secret-\(n)", in: app)
    var post = LCObject(className: "Post")
    post.set("title", "post \(n)")
    post.set("author", user.objectId)
    try await post.save(in: app)
    let found = try await LCQuery(className: "Post").whereKey("author", .equalTo(user.objectId)).limit(10).find(in: app)
    precondition(found.count == 1, "the test's own Post, and only it")
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

if tests > 0 {
    let took = try await milliseconds {
        for n in 0..<tests {
            let own = try await Emulator.start(seeded: true)
            try await smallTest(own.application, n)
        }
    }
    print("in-process start per test".padding(toLength: 40, withPad: " ", startingAt: 0)
          + String(format: "%8.0f tests/s   (%d tests, Emulator.start(seeded: true) each)", Double(tests) / took * 1000, tests))
}
