// swift-tools-version:6.0
import PackageDescription

// Modules are layered one way, bottom to top:
//   CSQLite, COpenSSL -> EmuCrypto, EmuSQLite, EmuHTTP, LCWire -> EmuTLS, EmuAPI -> EmuTesting, LCEmuCLI
// Infrastructure modules (EmuHTTP, EmuSQLite, EmuCrypto) never mention LeanCloud.
// LCClient (the Swift client users ship in their apps) depends on LCWire only, never on the server.
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
        .target(name: "EmuCrypto", dependencies: ["COpenSSL"]),
        .target(name: "EmuSQLite", dependencies: ["CSQLite"]),
        .target(name: "EmuHTTP"),
        .target(name: "EmuTLS", dependencies: ["COpenSSL", "EmuHTTP"]),
        .target(name: "LCWire"),
        .target(name: "EmuAPI", dependencies: ["EmuHTTP", "EmuSQLite", "EmuCrypto", "LCWire"]),
        .target(name: "LCClient", dependencies: ["LCWire"]),
        .target(name: "EmuTesting", dependencies: ["EmuAPI", "EmuHTTP", "LCClient"]),
        .executableTarget(
            name: "LCEmuCLI",
            dependencies: ["EmuAPI", "EmuTLS", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "EmuCryptoTests", dependencies: ["EmuCrypto"]),
        .testTarget(name: "EmuSQLiteTests", dependencies: ["EmuSQLite"]),
        .testTarget(name: "EmuHTTPTests", dependencies: ["EmuHTTP"]),
        .testTarget(name: "EmuTLSTests", dependencies: ["EmuTLS", "EmuHTTP"]),
        .testTarget(name: "LCWireTests", dependencies: ["LCWire"]),
        .testTarget(name: "EmuAPITests", dependencies: ["EmuAPI", "EmuTesting"]),
        .testTarget(name: "LCClientTests", dependencies: ["LCClient"]),
        .testTarget(name: "EndToEndTests", dependencies: ["EmuTesting", "LCEmuCLI", "LCClient", "EmuTLS"]),
    ],
    swiftLanguageModes: [.v5]
)
