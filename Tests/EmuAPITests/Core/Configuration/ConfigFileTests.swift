import EmuAPI
import Foundation
import LCWire
import Testing

@Suite struct ConfigFileTests {
    func parse(_ text: String) throws -> [AppConfiguration] {
        try ConfigFile.parse(Array(text.utf8))
    }

    /// The message a bad config file produces.
    func failure(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func parse_readsEveryApp_inOrder_withOptions() throws {
        let apps = try parse("""
            {"apps":[
              {"appId":"blog","appKey":"blog-key","masterKey":"blog-master","options":{"signMaxSkewSeconds":300}},
              {"appId":"shop","appKey":"shop-key","masterKey":"shop-master"}
            ]}
            """)
        #expect(apps == [
            AppConfiguration(appId: "blog", appKey: "blog-key", masterKey: "blog-master",
                             options: AppOptions(signMaxSkewSeconds: 300)),
            AppConfiguration(appId: "shop", appKey: "shop-key", masterKey: "shop-master"),
        ])
    }

    @Test func parse_acceptsAnEmptyOptionsObject() throws {
        let apps = try parse(#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","options":{}}]}"#)
        #expect(apps[0].options == AppOptions())
    }

    @Test(arguments: [
        ("[]", "expected an object {\"apps\":[...]}"),
        ("{\"apps\":", "not valid JSON"),
        ("{}", "missing \"apps\""),
        (#"{"apps":[]}"#, "\"apps\" must be a non-empty array of apps"),
        (#"{"apps":{}}"#, "\"apps\" must be a non-empty array of apps"),
        (#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m"}],"port":3000}"#, "unknown key 'port' (known: apps, server)"),
        (#"{"apps":[7]}"#, "apps[0]: expected an object, got 7"),
        (#"{"apps":[{"appKey":"k","masterKey":"m"}]}"#, "apps[0]: missing \"appId\""),
        (#"{"apps":[{"appId":"a","appKey":1,"masterKey":"m"}]}"#, "apps[0].appKey: expected a string, got 1"),
        (#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","master":"x"}]}"#,
         "apps[0]: unknown key 'master' (known: appId, appKey, masterKey, options, routes, seed, credentials, hookKey, engine)"),
        (#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","options":[]}]}"#, "apps[0].options: expected an object, got []"),
        (#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","options":{"signMaxSkew":3}}]}"#,
         "apps[0].options: unknown option 'signMaxSkew' (known: signMaxSkewSeconds, "),
        (#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","options":{"signMaxSkewSeconds":"300"}}]}"#,
         "apps[0].options.signMaxSkewSeconds: expected a number of seconds, got \"300\""),
        (#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","options":{"signMaxSkewSeconds":-1}}]}"#,
         "apps[0].options.signMaxSkewSeconds: must be 0 and at most 86400 seconds, got -1"),
    ])
    func parse_rejectsMalformedFiles_withMessageNamingTheProblem(text: String, message: String) {
        let failure = failure(text)
        #expect(failure?.contains(message) == true, "\(failure ?? "no error")")
        #expect(failure?.contains("\n") == false)
    }

    @Test(arguments: [
        (#"[{"appId":"","appKey":"k","masterKey":"m"}]"#, "apps[0]: the app id is empty"),
        (#"[{"appId":"a","appKey":"","masterKey":"m"}]"#, "apps[0]: the app key is empty (app a)"),
        (#"[{"appId":"a","appKey":"k","masterKey":""}]"#, "apps[0]: the master key is empty (app a)"),
        (#"[{"appId":"a b","appKey":"k","masterKey":"m"}]"#, "the app id may only hold visible ASCII characters"),
        (#"[{"appId":"a","appKey":"same","masterKey":"same"}]"#, "apps[0]: the app key and the master key must differ (app a)"),
        (#"[{"appId":"a","appKey":"k","masterKey":"m"},{"appId":"a","appKey":"k2","masterKey":"m2"}]"#,
         "app id 'a' appears twice"),
        (#"[{"appId":"a.b","appKey":"k","masterKey":"m"},{"appId":"a_b","appKey":"k","masterKey":"m"}]"#,
         "app ids 'a.b' and 'a_b' would share the database file a_b.sqlite3"),
    ])
    func parse_validatesTheApps(apps: String, message: String) {
        let failure = failure("{\"apps\":\(apps)}")
        #expect(failure?.contains(message) == true, "\(failure ?? "no error")")
    }

    @Test func errorMessages_neverContainTheKeys() {
        let failure = failure(#"{"apps":[{"appId":"a","appKey":"secret-value","masterKey":"secret-value"}]}"#)
        #expect(failure?.contains("secret-value") == false)
    }

    @Test func load_namesTheFile_whenItIsMissingOrBroken() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lcemu-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.json").path
        #expect(throws: ConfigurationError("config file \(missing): cannot be read (missing or not a file)")) {
            try ConfigFile.load(path: missing)
        }
        let broken = directory.appendingPathComponent("broken.json")
        try Data("{\"apps\":[]}".utf8).write(to: broken)
        #expect(throws: ConfigurationError("config file \(broken.path): \"apps\" must be a non-empty array of apps")) {
            try ConfigFile.load(path: broken.path)
        }
    }
}
