import EmuData
import EmuHTTP
@testable import EmuRouting
import Testing

/// What the pipeline's draft keeps on the way: the lengths of its request's field names, which
/// spare lookups of names none has (`FieldNameLengths`), and the session tokens authentication
/// writes (written only where there is one).
@Suite struct ContextDraftTests {
    static func request(_ headers: HTTPHeaders, query: [(name: String, value: String)] = []) -> HTTPRequest {
        HTTPRequest(method: "GET", target: "/1.1/date", path: "/1.1/date", query: query, headers: headers)
    }

    @Test func nameLengths_sayWhichNamesMayBeThere() {
        let long = String(repeating: "n", count: 70)
        let lengths = FieldNameLengths(["host": "x", "X-LC-Id": "a", "authorization": "Bearer t", long: "v"])
        #expect(lengths.mayContain("Authorization") && lengths.mayContain("AUTHORIZATION") && lengths.mayContain("Host"))
        #expect(!lengths.mayContain("X-LCEmu-Dashboard") && !lengths.mayContain("Origin") && !lengths.mayContain(""))
        // Names of 63 bytes or more share one bit: any of them may be there.
        #expect(lengths.mayContain(String(repeating: "m", count: 63)) && lengths.mayContain(String(repeating: "m", count: 90)))
        #expect(!FieldNameLengths([:]).mayContain("Host"))
    }

    /// Every length up to 70 against every other: a name is ruled out exactly when no field has its length.
    @Test func nameLengths_atEveryLength() {
        for present in 0...70 {
            let lengths = FieldNameLengths(HTTPHeaders([(name: String(repeating: "a", count: present), value: "v")]))
            for asked in 0...70 {
                #expect(lengths.mayContain(String(repeating: "b", count: asked)) == (min(asked, 63) == min(present, 63)))
            }
        }
    }

    /// The method-override envelope replaces the request: the lengths follow it.
    @Test func nameLengths_followTheRequestTheRoutesRead() {
        var draft = ContextDraft(received: Self.request(["Content-Type": "text/plain"]), requestId: RequestId("1"), arrivedAt: 0,
                                 dispatcher: nil)
        #expect(!draft.nameLengths.mayContain("Authorization"))
        draft.http = Self.request(["Authorization": "Bearer t"])
        #expect(draft.nameLengths.mayContain("Authorization"))
    }

    @Test func sessionTokens_fromTheCredentials_elseTheQuery() {
        var draft = ContextDraft(received: Self.request([:], query: [("session_token", "q")]), requestId: RequestId("1"),
                                 arrivedAt: 0, dispatcher: nil)
        draft.authenticated(app: nil, isMaster: false, credentialSessionToken: nil)
        #expect(draft.credentialSessionToken == nil && draft.sessionToken == "q")
        draft.authenticated(app: nil, isMaster: false, credentialSessionToken: "c")
        #expect(draft.credentialSessionToken == "c" && draft.sessionToken == "c")
        // Authenticated again without one: none is left over.
        var plain = ContextDraft(received: Self.request([:], query: [("session_token", "")]), requestId: RequestId("2"),
                                 arrivedAt: 0, dispatcher: nil)
        plain.authenticated(app: nil, isMaster: false, credentialSessionToken: "c")
        plain.authenticated(app: nil, isMaster: false, credentialSessionToken: nil)
        #expect(plain.credentialSessionToken == nil && plain.sessionToken == nil)
    }
}
