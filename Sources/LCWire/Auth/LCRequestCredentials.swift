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
        let best = Self.best(in: fields)
        // Each value copied once, from its field, straight into the credentials: the slots hold
        // field indexes, not strings, whose copies from slot to slot, and of the credentials
        // assigned field by field, were retains and releases (issue 31).
        func value(_ slot: Best.Slot) -> String? { slot.map { fields[$0.field].value } }
        self.init(isProduction: best.values.5.map { LCHeaderName.isProduction(fields[$0.field].value) } ?? true,
                  appId: value(best.values.0), key: value(best.values.1), sign: value(best.values.2),
                  masterKey: value(best.values.3), sessionToken: value(best.values.4))
    }

    /// The field of each credential's earliest candidate with a non-empty value.
    private static func best(in fields: [(name: String, value: String)]) -> Best {
        var seen: UInt32 = 0  // candidates whose first field was met: later ones do not count
        var best = Best()
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
                    guard matches(candidates[bit].name, fields[field].name) else { continue }
                    seen |= 1 << bit
                    // As `LCHeaderName.firstValue`: the earliest candidate with a non-empty value.
                    if !fields[field].value.isEmpty {
                        best.offer(field, list: candidates[bit].list, rank: candidates[bit].rank)
                    }
                }
            }
        }
        return best
    }

    /// Whether a field's name is the candidate's, ASCII case aside (as `asciiCaseInsensitiveEquals`),
    /// compared here over both names' bytes in place: the call across modules took copies of
    /// both strings, two retains and two releases per name compared.
    @inline(__always)
    private static func matches(_ candidate: String, _ name: String) -> Bool {
        let compared = candidate.utf8.withContiguousStorageIfAvailable { candidate in
            name.utf8.withContiguousStorageIfAvailable { name in
                guard candidate.count == name.count else { return false }
                for index in 0..<candidate.count {
                    let x = candidate[index], y = name[index]
                    if x != y {
                        let lower = x | 0x20
                        if lower != y | 0x20 || lower < UInt8(ascii: "a") || lower > UInt8(ascii: "z") { return false }
                    }
                }
                return true
            }
        }
        if let compared, let compared { return compared }
        return candidate.asciiCaseInsensitiveEquals(name)
    }

    /// Per credential, the field of the best value so far and its candidate's rank: six fixed
    /// slots, no array.
    private struct Best {
        typealias Slot = (rank: Int, field: Int)?
        var values: (Slot, Slot, Slot, Slot, Slot, Slot) = (nil, nil, nil, nil, nil, nil)

        mutating func offer(_ field: Int, list: Int, rank: Int) {
            func keep(_ slot: inout Slot) { if slot == nil || rank < slot!.rank { slot = (rank, field) } }
            switch list {
            case 0: keep(&values.0)
            case 1: keep(&values.1)
            case 2: keep(&values.2)
            case 3: keep(&values.3)
            case 4: keep(&values.4)
            default: keep(&values.5)
            }
        }
    }

    /// Every candidate name with its credential (the order of `Best`'s slots) and its rank there,
    /// in memory made once and never freed: an array's buffer was retained and released by every
    /// request, a count every thread shares (issue 31). `nonisolated(unsafe)`: written once, by
    /// the lazy initialiser, and only read after.
    nonisolated(unsafe) private static let candidates: UnsafeBufferPointer<(name: String, list: Int, rank: Int)> = {
        let list = [
            LCHeaderName.appIdCandidates, LCHeaderName.appKeyCandidates, LCHeaderName.signCandidates,
            LCHeaderName.masterKeyCandidates, LCHeaderName.sessionCandidates, LCHeaderName.prodCandidates,
        ].enumerated().flatMap { list, names in names.enumerated().map { (name: $1, list: list, rank: $0) } }
        precondition(list.count <= 32, "a candidate's bit must fit in a UInt32")
        let memory = UnsafeMutableBufferPointer<(name: String, list: Int, rank: Int)>.allocate(capacity: list.count)
        _ = memory.initialize(from: list)
        return UnsafeBufferPointer(memory)
    }()

    /// For each name length, the candidates of that length as bits (their indexes in
    /// `candidates`): most fields (Host, User-Agent, …) have a length no candidate has, and cost
    /// one look. Made once and never freed, as `candidates`.
    nonisolated(unsafe) private static let candidatesByLength: UnsafeBufferPointer<UInt32> = {
        let longest = candidates.map(\.name.utf8.count).max() ?? 0
        let memory = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: longest + 1)
        memory.initialize(repeating: 0)
        for (index, candidate) in candidates.enumerated() { memory[candidate.name.utf8.count] |= 1 << index }
        return UnsafeBufferPointer(memory)
    }()
}
