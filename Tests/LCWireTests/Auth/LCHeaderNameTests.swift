import Testing
@testable import LCWire

@Suite struct LCHeaderNameTests {
    /// A case-insensitive header lookup over a literal list, like the HTTP layer's.
    static func lookup(_ fields: [(String, String)]) -> (String) -> String? {
        { name in fields.first { $0.0.lowercased() == name.lowercased() }?.1 }
    }

    @Test func candidates_putXLCFirst() {
        #expect(LCHeaderName.appIdCandidates == ["X-LC-Id", "X-AVOSCloud-Application-Id", "X-Uluru-Application-Id"])
        #expect(LCHeaderName.appKeyCandidates == ["X-LC-Key", "X-AVOSCloud-Application-Key", "X-Uluru-Application-Key"])
        #expect(LCHeaderName.signCandidates == ["X-LC-Sign", "X-AVOSCloud-Request-Sign"])
        #expect(LCHeaderName.sessionCandidates == ["X-LC-Session", "X-AVOSCloud-Session-Token", "X-Uluru-Session-Token"])
        #expect(LCHeaderName.masterKeyCandidates == ["X-AVOSCloud-Master-Key", "X-Uluru-Master-Key"])
        #expect(LCHeaderName.prodCandidates == ["X-LC-Prod", "X-AVOSCloud-Application-Production", "X-Uluru-Application-Production"])
    }

    @Test func firstValue_prefersXLCAndSkipsEmptyValues() {
        let header = Self.lookup([("x-uluru-application-id", "old"), ("X-LC-Id", "new")])
        #expect(LCHeaderName.firstValue(of: LCHeaderName.appIdCandidates, in: header) == "new")
        let onlyEmpty = Self.lookup([("X-LC-Id", ""), ("X-Uluru-Application-Id", "old")])
        #expect(LCHeaderName.firstValue(of: LCHeaderName.appIdCandidates, in: onlyEmpty) == "old")
        #expect(LCHeaderName.firstValue(of: LCHeaderName.signCandidates, in: onlyEmpty) == nil)
    }

    @Test func credentials_readFromLegacyHeaders() {
        let credentials = LCRequestCredentials(header: Self.lookup([
            ("X-AVOSCloud-Application-Id", "app"), ("X-Uluru-Application-Key", "key"),
            ("X-AVOSCloud-Request-Sign", "sig,1"), ("X-Uluru-Master-Key", "mk"),
            ("X-AVOSCloud-Session-Token", "tok"), ("X-Uluru-Application-Production", "0"),
        ]))
        #expect(credentials == LCRequestCredentials(
            appId: "app", key: "key", sign: "sig,1", masterKey: "mk", sessionToken: "tok", isProduction: false))
    }

    @Test func credentials_defaultToProduction() {
        #expect(LCRequestCredentials(header: Self.lookup([])).isProduction)
        #expect(LCRequestCredentials(header: Self.lookup([("X-LC-Prod", "1")])).isProduction)
        #expect(!LCRequestCredentials(header: Self.lookup([("X-LC-Prod", "false")])).isProduction)
    }

    @Test func credentials_readFromCORSEnvelope() {
        let body: JSONObject = [
            "_method": "PUT", "_ApplicationId": "app", "_ApplicationKey": "mk,master",
            "_SessionToken": "tok", "_ApplicationProduction": 0, "title": "x",
        ]
        let credentials = LCRequestCredentials(envelope: body)
        #expect(credentials == LCRequestCredentials(appId: "app", key: "mk,master", sessionToken: "tok", isProduction: false))
        #expect(!LCRequestCredentials(envelope: ["_ApplicationProduction": false]).isProduction)
        #expect(LCRequestCredentials(envelope: ["_ApplicationProduction": 1]).isProduction)
        #expect(LCRequestCredentials(envelope: ["_MasterKey": "mk"]).masterKey == "mk")
    }

    @Test func envelopeKey_stripsSingleUnderscoreKeysOnly() {
        #expect(LCEnvelopeKey.isEnvelopeKey("_method"))
        #expect(LCEnvelopeKey.isEnvelopeKey("_ApplicationId"))
        #expect(!LCEnvelopeKey.isEnvelopeKey("__type"))
        #expect(!LCEnvelopeKey.isEnvelopeKey("title"))
    }

    @Test func corsAllowList_coversEveryRequestHeader() {
        let allowed = Set(LCHeaderName.corsAllowedHeaders.map { $0.lowercased() })
        let needed = LCHeaderName.appIdCandidates + LCHeaderName.appKeyCandidates + LCHeaderName.signCandidates
            + LCHeaderName.sessionCandidates + LCHeaderName.prodCandidates + [LCHeaderName.hookKey, LCHeaderName.userAgent]
        #expect(needed.allSatisfy { allowed.contains($0.lowercased()) })
        #expect(LCHeaderName.corsAllowedHeaders.count == 21)
    }
}
