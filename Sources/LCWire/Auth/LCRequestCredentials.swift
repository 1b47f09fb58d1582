import Primitives

/// The credentials a request carries, gathered from headers (or the CORS envelope) with the
/// legacy aliases already resolved (spec §1.2, §1.6).
///
/// ```swift
/// let credentials = LCRequestCredentials { request.headers[$0] }
/// let verdict = LCAuthVerifier().verify(credentials, keys: apps[credentials.appId ?? ""], now: nowMs)
/// ```
public struct LCRequestCredentials: Sendable, Hashable {
    // `isProduction` first, and no initialiser in this body: the compiler then writes the
    // memberwise `init(isProduction:appId:key:sign:masterKey:sessionToken:)` (internal), which
    // every initialiser below calls. An initialiser written by hand built its value aside and
    // copied it out, a retain and a release of each of the five strings, on every request
    // (issue 31: the optimiser keeps that copy; the synthesised initialiser has none).
    /// `X-LC-Prod`: false only for `0` / `false` (staging).
    public var isProduction: Bool
    /// `X-LC-Id`.
    public var appId: String?
    /// `X-LC-Key`: the app key, or `<MasterKey>,master`.
    public var key: String?
    /// `X-LC-Sign`.
    public var sign: String?
    /// A bare master key from the legacy `X-AVOSCloud-Master-Key` header or `_MasterKey`.
    public var masterKey: String?
    /// `X-LC-Session`.
    public var sessionToken: String?
}

extension LCRequestCredentials {
    /// Credentials from explicit values.
    public init(
        appId: String? = nil, key: String? = nil, sign: String? = nil, masterKey: String? = nil,
        sessionToken: String? = nil, isProduction: Bool = true
    ) {
        self.init(isProduction: isProduction, appId: appId, key: key, sign: sign, masterKey: masterKey,
                  sessionToken: sessionToken)
    }

    /// Credentials read from headers; `header` is the HTTP layer's case-insensitive lookup.
    /// `X-LC-*` wins over the aliases.
    public init(header: (String) -> String?) {
        self.init(
            appId: LCHeaderName.firstValue(of: LCHeaderName.appIdCandidates, in: header),
            key: LCHeaderName.firstValue(of: LCHeaderName.appKeyCandidates, in: header),
            sign: LCHeaderName.firstValue(of: LCHeaderName.signCandidates, in: header),
            masterKey: LCHeaderName.firstValue(of: LCHeaderName.masterKeyCandidates, in: header),
            sessionToken: LCHeaderName.firstValue(of: LCHeaderName.sessionCandidates, in: header),
            isProduction: LCHeaderName.isProduction(LCHeaderName.firstValue(of: LCHeaderName.prodCandidates, in: header)))
    }

    /// Credentials from a CORS envelope body (§1.6): `_ApplicationId`, `_ApplicationKey`,
    /// `_MasterKey`, `_SessionToken`, `_ApplicationProduction` (0 or false mean staging).
    public init(envelope body: JSONObject) {
        let production = body[LCEnvelopeKey.applicationProduction]
        self.init(
            appId: body[LCEnvelopeKey.applicationId]?.stringValue,
            key: body[LCEnvelopeKey.applicationKey]?.stringValue,
            masterKey: body[LCEnvelopeKey.masterKey]?.stringValue,
            sessionToken: body[LCEnvelopeKey.sessionToken]?.stringValue,
            isProduction: production != .number(0) && production != .bool(false)
                && LCHeaderName.isProduction(production?.stringValue))
    }
}

// MARK: - Reading header fields in one pass

extension LCRequestCredentials {
    /// Credentials read from header fields in one pass: the same answer as `init(header:)` with a
    /// case-insensitive first-field lookup, without asking for each of the 16 candidate names in
    /// turn (a visible share of every request's CPU).
    ///
    /// The fields and the tables are looked at in place: copying their elements retained and
    /// released each name and value, the tables' counts shared by every thread (issue 31).
    public init(fields: [(name: String, value: String)]) {
        // Field indexes are kept in 16 bits: a longer list (never a parsed request's) is read by name.
        guard fields.count <= Int(UInt16.max) else {
            self.init(header: { name in fields.first { $0.name.asciiCaseInsensitiveEquals(name) }?.value })
            return
        }
        let found = Self.firstFields(in: fields)
        // Each value copied once, from its field, straight into the credentials: `FirstFields`
        // holds field indexes, not strings, whose copies were retains and releases (issue 31).
        let (appId, key, sign, masterKey, session, production) = found.fieldsOfLists()
        self.init(isProduction: production < 0 || LCHeaderName.isProduction(fields[production].value),
                  appId: appId < 0 ? nil : fields[appId].value, key: key < 0 ? nil : fields[key].value,
                  sign: sign < 0 ? nil : fields[sign].value, masterKey: masterKey < 0 ? nil : fields[masterKey].value,
                  sessionToken: session < 0 ? nil : fields[session].value)
    }

    /// Per candidate, whether its first field has a non-empty value, and which field that is.
    private static func firstFields(in fields: [(name: String, value: String)]) -> FirstFields {
        var seen: UInt32 = 0  // candidates whose first field was met: later ones do not count
        var found = FirstFields()
        let (candidates, byLength) = (Self.candidates, Self.candidatesByLength)
        fields.withUnsafeBufferPointer { fields in
            for field in fields.indices {
                let length = fields[field].name.utf8.count
                guard length < byLength.count else { continue }
                // The candidates of this length not met yet, lowest index first.
                var bits = byLength[length] & ~seen
                while bits != 0 {
                    let bit = bits.trailingZeroBitCount
                    bits &= bits - 1
                    guard matches(candidates[bit].bytes, fields[field].name) else { continue }
                    seen |= 1 << bit
                    // As `LCHeaderName.firstValue`: a candidate whose first value is empty is passed over.
                    if !fields[field].value.isEmpty { found.offer(field, candidate: bit) }
                }
            }
        }
        return found
    }

    /// Whether a field's name is the candidate's, ASCII case aside (as `asciiCaseInsensitiveEquals`),
    /// compared here over both names' bytes in place: the call across modules took copies of
    /// both strings, two retains and two releases per name compared.
    @inline(__always)
    private static func matches(_ candidate: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable { asciiCaseInsensitiveEqualBytes(candidate, $0) }
            ?? String(decoding: candidate, as: UTF8.self).asciiCaseInsensitiveEquals(name)
    }

    /// The candidates met with a value, as bits of their indexes in `candidates`, and each one's
    /// field: 36 bytes, where six optional (rank, field) slots were 144 (each copy of them, and
    /// each comparison of ranks, cost more than the pass over the fields, issue 31).
    private struct FirstFields {
        var offered: UInt32 = 0
        var fields = SIMD16<UInt16>()

        mutating func offer(_ field: Int, candidate: Int) {
            offered |= 1 << candidate
            fields[candidate] = UInt16(truncatingIfNeeded: field)
        }

        /// Per list, the field of its earliest candidate met with a value, or -1: the candidates
        /// are ordered by list, then by rank, so that is the lowest bit among the list's.
        func fieldsOfLists() -> (Int, Int, Int, Int, Int, Int) {
            let masks = LCRequestCredentials.listMasks
            func field(_ mask: UInt32) -> Int {
                let mine = offered & mask
                return mine == 0 ? -1 : Int(fields[mine.trailingZeroBitCount])
            }
            return (field(masks.0), field(masks.1), field(masks.2), field(masks.3), field(masks.4), field(masks.5))
        }
    }

    /// Every candidate name with its credential's list (the order of the memberwise initialiser's
    /// credentials), list by list and in each list's lookup order, in memory made once and never
    /// freed: an array's buffer was retained and released by every request, a count every thread
    /// shares (issue 31). `nonisolated(unsafe)`: written once, by the lazy initialiser, and only
    /// read after.
    nonisolated(unsafe) private static let candidates: UnsafeBufferPointer<(bytes: UnsafeBufferPointer<UInt8>, list: Int)> = {
        let lists = [
            LCHeaderName.appIdCandidates, LCHeaderName.appKeyCandidates, LCHeaderName.signCandidates,
            LCHeaderName.masterKeyCandidates, LCHeaderName.sessionCandidates, LCHeaderName.prodCandidates,
        ]
        let list = lists.enumerated().flatMap { list, names in
            names.map { name -> (bytes: UnsafeBufferPointer<UInt8>, list: Int) in
                let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: name.utf8.count)
                _ = bytes.initialize(from: name.utf8)
                return (UnsafeBufferPointer(bytes), list)
            }
        }
        precondition(list.count <= 16, "a candidate's field must fit in FirstFields")
        let counts = lists.map(\.count)
        let masks = counts.indices.map { index in UInt32((1 << counts[index]) - 1) << counts[..<index].reduce(0, +) }
        precondition(masks == [listMasks.0, listMasks.1, listMasks.2, listMasks.3, listMasks.4, listMasks.5],
                     "listMasks must follow LCHeaderName's candidate lists")
        let memory = UnsafeMutableBufferPointer<(bytes: UnsafeBufferPointer<UInt8>, list: Int)>.allocate(capacity: list.count)
        _ = memory.initialize(from: list)
        return UnsafeBufferPointer(memory)
    }()

    /// Each list's candidates as bits of their indexes in `candidates` (appId 3, key 3, sign 2,
    /// master key 2, session 3, production 3): constants, where a table made at first use cost
    /// every request a `swift_once` per look; `candidates` checks them against the lists.
    private static let listMasks: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0b111, 0b111 << 3, 0b11 << 6, 0b11 << 8, 0b111 << 10, 0b111 << 13)

    /// For each name length, the candidates of that length as bits (their indexes in
    /// `candidates`): most fields (Host, User-Agent, …) have a length no candidate has, and cost
    /// one look. Made once and never freed, as `candidates`.
    nonisolated(unsafe) private static let candidatesByLength: UnsafeBufferPointer<UInt32> = {
        let longest = candidates.map(\.bytes.count).max() ?? 0
        let memory = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: longest + 1)
        memory.initialize(repeating: 0)
        for (index, candidate) in candidates.enumerated() { memory[candidate.bytes.count] |= 1 << index }
        return UnsafeBufferPointer(memory)
    }()
}
