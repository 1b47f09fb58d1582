import EmuAPI
import EmuTestSupport
import Foundation
import LCWire
import Testing

/// The config file's `server` block, and its apps' `seed` and `credentials` (docs/configuration.md).
@Suite struct ConfigFileServerTests {
    static let app = #"{"appId":"a","appKey":"k","masterKey":"m"}"#

    func failure(_ text: String) -> String? {
        do {
            _ = try ConfigFile.parseDocument(Array(text.utf8))
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func server_readsEverySetting_andLeavesTheOthersUnset() throws {
        let document = try ConfigFile.parseDocument(Array(#"""
            {"apps":[\#(Self.app)],"server":{"host":"0.0.0.0","port":0,"data":"data","corsOrigins":["http://localhost:*"],
             "logLevel":"debug","journalSize":10,"appsOnDemandPrefix":"demo-","appsOnDemandSeeded":true}}
            """#.utf8))
        var expected = ServerSettings()
        (expected.host, expected.port, expected.data) = ("0.0.0.0", 0, "data")
        (expected.corsOrigins, expected.logLevel, expected.journalSize) = (["http://localhost:*"], "debug", 10)
        (expected.appsOnDemandPrefix, expected.appsOnDemandSeeded) = ("demo-", true)
        #expect(document.server == expected)
        #expect(try ConfigFile.parseDocument(Array(#"{"apps":[\#(Self.app)]}"#.utf8)).server == ServerSettings())
    }

    @Test(arguments: [
        (#""server":{"tls":true}"#, "server: unknown key 'tls' (known: host, port, data, corsOrigins, logLevel, journalSize, appsOnDemandPrefix, appsOnDemandSeeded)"),
        (#""server":{"appsOnDemandPrefix":"a b"}"#, "server.appsOnDemandPrefix: the app id may only hold visible ASCII characters, no spaces"),
        (#""server":{"appsOnDemandPrefix":""}"#, "server.appsOnDemandPrefix: the app id is empty"),
        (#""server":{"appsOnDemandSeeded":1}"#, "server.appsOnDemandSeeded: expected true or false, got 1"),
        (#""server":{"port":70000}"#, "server.port: expected an integer in 0...65535, got 70000"),
        (#""server":{"port":"3000"}"#, "server.port: expected an integer in 0...65535, got \"3000\""),
        (#""server":{"journalSize":1.5}"#, "server.journalSize: expected an integer in 0...100000, got 1.5"),
        (#""server":{"corsOrigins":"http://a.test"}"#, "server.corsOrigins: expected an array of origins, got \"http://a.test\""),
        (#""server":[]"#, "server: expected an object, got []"),
    ])
    func server_refusesBadValues_namingThePlace(fragment: String, message: String) {
        #expect(failure(#"{"apps":[\#(Self.app)],\#(fragment)}"#) == message)
    }

    @Test func seed_isAFolderOrAnArrayOfThem() throws {
        func seed(_ value: String) throws -> [String]? {
            try ConfigFile.parse(Array(#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","seed":\#(value)}]}"#.utf8))[0].seedPaths
        }
        #expect(try seed(#""seed""#) == ["seed"])
        #expect(try seed(#"["seed","../shared"]"#) == ["seed", "../shared"])
        for bad in ["[]", "\"\"", "[1]", "7"] {
            #expect(failure(#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","seed":\#(bad)}]}"#)?
                .hasPrefix("apps[0].seed: expected a folder or a non-empty array of folders") == true, "\(bad)")
        }
    }

    @Test func load_resolvesPaths_againstTheFilesFolder_andChecksCredentials() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("app"), withIntermediateDirectories: true)
        try directory.write("app/credentials.json", #"{"username":"u","password":"p","email":"u@example.com"}"#)
        let path = try directory.write("app/lcemu.json", #"""
            {"apps":[{"appId":"a","appKey":"k","masterKey":"m","seed":["seed","/abs"],"routes":"routes","credentials":"credentials.json"}],
             "server":{"data":"data"}}
            """#)
        let document = try ConfigFile.loadDocument(path: path)
        #expect(document.apps[0].seedPaths == [directory.path("app/seed"), "/abs"])
        #expect(document.apps[0].routesPath == directory.path("app/routes"))
        #expect(document.apps[0].credentialsPath == directory.path("app/credentials.json"))
        #expect(document.server.data == directory.path("app/data"))

        try directory.write("app/credentials.json", #"{"username":"u","password":"p","pin":1}"#)
        #expect(throws: ConfigurationError("config file \(path): apps[0].credentials: \(directory.path("app/credentials.json")): unknown key 'pin' (known: username, password, email)")) {
            try ConfigFile.loadDocument(path: path)
        }
    }
}
