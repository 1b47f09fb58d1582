import Testing
@testable import LCWire

@Suite struct LCAuthVerifierTests {
    static let keys = LCAppKeys(appKey: "UtOCzqb67d3sN12Kts4URwy8", masterKey: "DyJegPlemooo4X1tg94gQkw1")
    static let appId = "pgk9e8orv8l9coak1rjht1avt2f4o9kptb0au0by5vbk9upb"
    static let timestamp: Int64 = 1_453_014_943_466
    static let now = timestamp + 1000
    static let appSign = "d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466"
    static let masterSign = "e074720658078c898aa0d4b1b82bdf4b,1453014943466,master"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var credentials: LCRequestCredentials
        var maxSkew: Int64? = nil
        var expected: LCAuthResult
        var testDescription: String { name }
    }

    static func with(key: String? = nil, sign: String? = nil, masterKey: String? = nil) -> LCRequestCredentials {
        LCRequestCredentials(appId: appId, key: key, sign: sign, masterKey: masterKey)
    }

    static let cases: [Case] = [
        Case(name: "app key → client", credentials: with(key: keys.appKey), expected: .success(privilege: .client)),
        Case(name: "master key,master → master", credentials: with(key: keys.masterKey + ",master"),
             expected: .success(privilege: .master)),
        // Spec §1.4.3: a bare master key in X-LC-Key is a valid key but grants client privileges only.
        Case(name: "bare master key → client", credentials: with(key: keys.masterKey), expected: .success(privilege: .client)),
        Case(name: "legacy master header → master", credentials: with(masterKey: keys.masterKey),
             expected: .success(privilege: .master)),
        Case(name: "spec app-key signature → client", credentials: with(sign: appSign), expected: .success(privilege: .client)),
        Case(name: "spec master signature → master", credentials: with(sign: masterSign), expected: .success(privilege: .master)),
        Case(name: "wrong key but valid sign → sign wins", credentials: with(key: "nope", sign: appSign),
             expected: .success(privilege: .client)),
        Case(name: "sign within skew window", credentials: with(sign: appSign), maxSkew: 5000,
             expected: .success(privilege: .client)),

        Case(name: "missing app id", credentials: LCRequestCredentials(key: keys.appKey), expected: .failure(.missingAppId)),
        Case(name: "empty app id", credentials: LCRequestCredentials(appId: "", key: keys.appKey), expected: .failure(.missingAppId)),
        Case(name: "missing key and sign", credentials: with(), expected: .failure(.missingKeyAndSign)),
        Case(name: "empty key and sign", credentials: with(key: "", sign: ""), expected: .failure(.missingKeyAndSign)),
        Case(name: "wrong app key", credentials: with(key: "nope"), expected: .failure(.wrongAppKey)),
        Case(name: "wrong master key", credentials: with(key: "nope,master"), expected: .failure(.wrongMasterKey)),
        Case(name: "wrong legacy master header", credentials: with(key: keys.appKey, masterKey: "nope"),
             expected: .failure(.wrongMasterKey)),
        Case(name: "app key marked ,master in X-LC-Key", credentials: with(key: keys.appKey + ",master"),
             expected: .failure(.appKeyMarkedAsMaster)),
        Case(name: "malformed sign", credentials: with(sign: "d5bcbb897e19b2f6633c716dfdfaf9be"),
             expected: .failure(.malformedSign)),
        Case(name: "sign with a short digest", credentials: with(sign: "d5bcbb,1453014943466"), expected: .failure(.malformedSign)),
        Case(name: "sign with an unknown suffix", credentials: with(sign: appSign + ",admin"), expected: .failure(.malformedSign)),
        Case(name: "uppercase digest", credentials: with(sign: "D5BCBB897E19B2F6633C716DFDFAF9BE,1453014943466"),
             expected: .failure(.uppercaseDigest)),
        Case(name: "uppercase master digest", credentials: with(sign: "E074720658078C898AA0D4B1B82BDF4B,1453014943466,master"),
             expected: .failure(.uppercaseDigest)),
        Case(name: "timestamp in seconds",
             credentials: with(sign: LCRequestSignature.make(key: keys.appKey, timestamp: 1_453_014_943)),
             expected: .failure(.timestampInSeconds)),
        Case(name: "signature mismatch", credentials: with(sign: "00000000000000000000000000000000,1453014943466"),
             expected: .failure(.signatureMismatch)),
        Case(name: "uppercase digest of nothing", credentials: with(sign: "ABCDEF00000000000000000000000000,1453014943466"),
             expected: .failure(.signatureMismatch)),
        Case(name: "signed with the app key but marked ,master",
             credentials: with(sign: LCRequestSignature.make(key: keys.appKey, timestamp: timestamp, master: true)),
             expected: .failure(.appKeyMarkedAsMaster)),
        Case(name: "signed with the master key without ,master",
             credentials: with(sign: LCRequestSignature.make(key: keys.masterKey, timestamp: timestamp)),
             expected: .failure(.masterKeySignedWithoutMasterSuffix)),
        Case(name: "clock skew beyond the window",
             credentials: with(sign: LCRequestSignature.make(key: keys.appKey, timestamp: now - 600_000)), maxSkew: 300_000,
             expected: .failure(.clockSkew(milliseconds: -600_000))),
        Case(name: "timestamp in the future beyond the window",
             credentials: with(sign: LCRequestSignature.make(key: keys.appKey, timestamp: now + 300_001)), maxSkew: 300_000,
             expected: .failure(.clockSkew(milliseconds: 300_001))),
        Case(name: "unsupported ,ax-sig-1", credentials: with(sign: "d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466,ax-sig-1"),
             expected: .failure(.unsupportedSignVariant)),
        Case(name: "wrong key and bad sign → sign's diagnosis",
             credentials: with(key: "nope", sign: "00000000000000000000000000000000,1453014943466"),
             expected: .failure(.signatureMismatch)),
    ]

    @Test(arguments: cases)
    func verify_diagnoses(testCase: Case) {
        let verifier = LCAuthVerifier(maxSkew: testCase.maxSkew)
        #expect(verifier.verify(testCase.credentials, keys: Self.keys, now: Self.now) == testCase.expected)
    }

    @Test func verify_unknownAppIdWhenCallerHasNoKeys() {
        let result = LCAuthVerifier().verify(Self.with(key: Self.keys.appKey), keys: nil, now: Self.now)
        #expect(result == .failure(.unknownAppId))
    }

    @Test func verify_ignoresTimestampAgeWithoutWindow() {
        let old = LCRequestSignature.make(key: Self.keys.appKey, timestamp: 1_000_000_000_000)
        #expect(LCAuthVerifier().verify(Self.with(sign: old), keys: Self.keys, now: Self.now) == .success(privilege: .client))
    }

    @Test func failure_everyCaseHasReasonAndAnswers401() {
        let failures: [LCAuthFailure] = [
            .missingAppId, .unknownAppId, .missingKeyAndSign, .wrongAppKey, .wrongMasterKey, .appKeyMarkedAsMaster,
            .malformedSign, .uppercaseDigest, .timestampInSeconds, .signatureMismatch,
            .masterKeySignedWithoutMasterSuffix, .clockSkew(milliseconds: 5), .unsupportedSignVariant,
        ]
        #expect(Set(failures.map(\.reason)).count == failures.count)
        for failure in failures {
            #expect(!failure.reason.isEmpty)
            #expect(failure.reason.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "header-safe: \(failure.reason)")
            #expect(failure.errorCode.body.jsonString == #"{"code":401,"error":"Unauthorized."}"#)
        }
        #expect(LCAuthFailure.clockSkew(milliseconds: -5).reason == "X-LC-Sign timestamp is -5 ms off the server clock")
    }
}
