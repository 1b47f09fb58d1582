import EmuAPI
import Testing

/// The config file's `engine` and `hookKey` of an app (docs/configuration.md, docs/cloud-code.md).
@Suite struct EngineConfigurationTests {
    private func parse(_ text: String) throws -> AppConfiguration {
        try ConfigFile.parse(Array(text.utf8))[0]
    }

    private func failure(_ text: String) -> String? {
        do { _ = try parse(text); return nil } catch { return "\(error)" }
    }

    @Test func anEngine_asAURL_orAnObjectWithItsTimeout() throws {
        let plain = try parse(#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","hookKey":"h","engine":"http://127.0.0.1:3001"}]}"#)
        #expect(plain.hookKey == "h")
        #expect(plain.engine == (try EngineSettings(url: "http://127.0.0.1:3001")))
        #expect(plain.engine?.port == 3001)
        #expect(plain.engine?.timeout(.function) == 15)
        #expect(plain.engine?.timeout(.beforeHook) == 10)
        #expect(plain.engine?.timeout(.otherHook) == 3)
        let object = try parse(#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","hookKey":"h","engine":{"url":"http://engine:80","timeoutSeconds":2}}]}"#)
        #expect(object.engine?.host == "engine")
        #expect(object.engine?.timeout(.function) == 2)
        #expect(object.engine?.timeout(.otherHook) == 2)
    }

    @Test(arguments: [
        (#""engine":"http://127.0.0.1:3001""#, "an engine needs a hook key"),
        (#""hookKey":"h","engine":"https://x:1""#, "apps[0].engine: the engine URL must look like http://127.0.0.1:3001"),
        (#""hookKey":"h","engine":"http://x:1/path""#, "apps[0].engine: the engine URL must be http://host:port with no path"),
        (#""hookKey":"h","engine":"http://x:99999""#, "apps[0].engine: the engine URL has no valid port"),
        (#""hookKey":"h","engine":{"url":"http://x:1","timeout":3}"#, "apps[0].engine: unknown key 'timeout'"),
        (#""hookKey":"h","engine":{"url":"http://x:1","timeoutSeconds":0}"#, "apps[0].engine.timeoutSeconds: must be more than 0"),
        (#""hookKey":"a b""#, "the hook key may only hold visible ASCII characters"),
    ])
    func aBadEngineOrHookKey_isAConfigurationError(keys: String, message: String) {
        let failure = failure(#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","# + keys + "}]}")
        #expect(failure?.contains(message) == true, "\(failure ?? "no error")")
    }
}
