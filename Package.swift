// swift-tools-version:6.0
import PackageDescription

// Modules are layered one way, bottom to top:
//   Primitives, CSQLite, COpenSSL, CEpoll, EmuDashboard -> EmuCrypto, EmuSQLite, EmuHTTP, LCWire -> EmuTLS, EmuData
//   -> EmuRouting -> EmuEndpoints, EmuTools -> EmuAPI -> EmuTesting, LCEmuCLI -> EmuTestSupport (test targets only)
// The emulator itself is five targets (docs/architecture.md): EmuData (the database, records, access
// rules, the app), EmuRouting (the route vocabulary, the request context, authentication), the
// /1.1 endpoints (EmuEndpoints) and the tools (EmuTools: /__admin, custom routes, dashboard,
// transfer), which never import each other, and EmuAPI, the server (the pipeline, the route table,
// EmulatorServer), which re-exports what users name through `import EmuAPI`.
// EmuDashboard holds the web dashboard's files (Sources/EmuDashboard/ui) as bytes, and nothing else.
// Primitives (pure Swift, no Foundation: MD5, SHA-1, hex, constant-time compare, locks, standard
// streams, a seeded generator, ASCII case-insensitive comparison) depends on nothing.
// Infrastructure modules (EmuHTTP, EmuSQLite, EmuCrypto) never mention LeanCloud.
// LCClient (the Swift client users ship in their apps) depends on LCWire only, never on the server;
// LCWire re-exports Primitives, so the client needs neither OpenSSL nor a second import.
let package = Package(
    name: "LCEmu",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "lcemu", targets: ["LCEmuCLI"]),
        .library(name: "LCWire", targets: ["LCWire"]),
        .library(name: "EmuTesting", targets: ["EmuTesting"]),
        .library(name: "LCClient", targets: ["LCClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]),
        .systemLibrary(
            name: "COpenSSL", pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),
        // glibc's <sys/epoll.h> and <sys/eventfd.h>, which the Glibc module leaves out (Linux
        // event loops, EmuHTTP/Server/Watching); empty elsewhere.
        .systemLibrary(name: "CEpoll"),
        .target(name: "Primitives"),
        .target(name: "EmuCrypto", dependencies: ["COpenSSL", "Primitives"]),
        .target(name: "EmuSQLite", dependencies: ["CSQLite", "Primitives"]),
        .target(name: "EmuHTTP", dependencies: ["Primitives", "CEpoll"]),
        .target(name: "EmuTLS", dependencies: ["COpenSSL", "EmuHTTP"]),
        .target(name: "LCWire", dependencies: ["Primitives"]),
        // The web dashboard's HTML, CSS and JS, compiled into the binary: nothing to install.
        .target(name: "EmuDashboard", resources: [.embedInCode("ui")]),
        .target(name: "EmuData", dependencies: ["Primitives", "EmuSQLite", "EmuCrypto", "LCWire"]),
        .target(name: "EmuRouting", dependencies: ["EmuData", "Primitives", "EmuHTTP", "LCWire"]),
        .target(name: "EmuEndpoints", dependencies: ["EmuData", "EmuRouting", "Primitives", "EmuHTTP", "EmuSQLite", "EmuCrypto", "LCWire"]),
        .target(name: "EmuTools", dependencies: ["EmuData", "EmuRouting", "Primitives", "EmuHTTP", "EmuSQLite", "EmuCrypto", "LCWire", "EmuDashboard"]),
        .target(name: "EmuAPI", dependencies: ["EmuData", "EmuRouting", "EmuEndpoints", "EmuTools", "Primitives", "EmuHTTP", "EmuSQLite", "LCWire"]),
        .target(name: "LCClient", dependencies: ["LCWire"]),
        .target(name: "EmuTesting", dependencies: ["EmuAPI", "EmuHTTP", "LCClient"]),
        // LCEmu's own test harness (TestServer and its tiers, TestClient, RunningBinary, fakes,
        // `eventually`): a plain target, in no product, so it never ships to users.
        .target(name: "EmuTestSupport", dependencies: ["EmuTesting", "EmuAPI", "EmuHTTP", "EmuTLS", "LCClient", "LCWire", "Primitives"]),
        // A Linux release build links the Swift runtime and FoundationEssentials into lcemu (as
        // `--static-swift-stdlib` does, with the libraries FoundationEssentials' static archive
        // needs beside it): 17 MB idle instead of 21, the shared libraries' pages mostly unused
        // (docs/performance.md, "Why idle memory is what it is"). Debug builds and tests link
        // the shared runtime; a package that depends on LCEmu's libraries never builds this target.
        .executableTarget(
            name: "LCEmuCLI",
            dependencies: ["Primitives", "EmuAPI", "EmuTLS", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization"],
                                          .when(platforms: [.linux], configuration: .release))]),
        // bench/isolation's in-process part (Emulator.start, reset, a test per started emulator); not a product.
        .executableTarget(name: "lcemu-start-bench", dependencies: ["EmuTesting", "LCClient"], path: "bench/StartBench"),
        .testTarget(name: "PrimitivesTests", dependencies: ["Primitives"]),
        .testTarget(name: "EmuCryptoTests", dependencies: ["EmuCrypto", "Primitives"]),
        .testTarget(name: "EmuSQLiteTests", dependencies: ["EmuSQLite"]),
        .testTarget(name: "EmuHTTPTests", dependencies: ["Primitives", "EmuHTTP", "EmuTestSupport"]),
        .testTarget(name: "EmuTLSTests", dependencies: ["EmuTLS", "EmuHTTP", "EmuTestSupport"]),
        .testTarget(name: "LCWireTests", dependencies: ["LCWire"]),
        .testTarget(name: "EmuAPITests", dependencies: ["Primitives", "EmuData", "EmuRouting", "EmuEndpoints", "EmuTools", "EmuAPI", "EmuTesting", "EmuTestSupport", "EmuDashboard"]),
        .testTarget(name: "LCClientTests", dependencies: ["LCClient", "EmuTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["EmuTesting", "EmuTestSupport", "LCEmuCLI", "LCClient", "EmuTLS", "Primitives"]),
    ],
    swiftLanguageModes: [.v6]
)
