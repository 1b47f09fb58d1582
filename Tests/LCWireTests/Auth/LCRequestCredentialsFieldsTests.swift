import LCWire
import Primitives
import Testing

/// `LCRequestCredentials(fields:)` reads the headers in one pass; it must answer exactly as the
/// lookup-per-candidate `init(header:)` does with a case-insensitive first-field lookup: aliases
/// in order, empty values skipped, only the first field of a repeated name counted.
@Suite struct LCRequestCredentialsFieldsTests {
    static func lookup(_ fields: [(name: String, value: String)]) -> (String) -> String? {
        { name in fields.first { $0.name.lowercased() == name.lowercased() }?.value }
    }

    @Test func randomHeaderSets_readTheSameBothWays() {
        var random = SeededRandom(seed: 15)
        let names = LCHeaderName.appIdCandidates + LCHeaderName.appKeyCandidates + LCHeaderName.signCandidates
            + LCHeaderName.masterKeyCandidates + LCHeaderName.sessionCandidates + LCHeaderName.prodCandidates
            + ["Host", "Content-Type", "X-LC-Idx", "X-LC", "User-Agent"]
            // Bytes one case bit (0x20) away from a candidate's non-letters: never the candidate.
            + ["X\rLC\rId", "X-LC\rSign", "X\u{0D}LC-Key", "X-LC-Sig\u{0E}"]
        let values = ["", "app", "key,master", "0", "false", "1", "r:token", "d41d8cd98f00b204e9800998ecf8427e,1"]
        for _ in 0..<2_000 {
            let fields = (0..<Int.random(in: 0...8, using: &random)).map { _ -> (name: String, value: String) in
                let name = names.randomElement(using: &random)!
                let cased = String(name.map { Bool.random(using: &random) ? Character($0.uppercased()) : Character($0.lowercased()) })
                return (cased, values.randomElement(using: &random)!)
            }
            #expect(LCRequestCredentials(fields: fields) == LCRequestCredentials(header: Self.lookup(fields)), "\(fields)")
        }
    }

    @Test func theFirstFieldOfAName_counts_evenWhenEmpty() {
        let fields: [(name: String, value: String)] = [("x-lc-id", ""), ("X-LC-Id", "late"), ("X-AVOSCloud-Application-Id", "alias")]
        #expect(LCRequestCredentials(fields: fields).appId == "alias")
        #expect(LCRequestCredentials(fields: fields) == LCRequestCredentials(header: Self.lookup(fields)))
    }
}
