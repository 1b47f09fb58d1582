import Primitives

extension LCRequestCredentials {
    /// Credentials read from header fields in one pass: the same answer as `init(header:)` with a
    /// case-insensitive first-field lookup, without asking for each of the 16 candidate names in
    /// turn (a visible share of every request's CPU).
    public init(fields: [(name: String, value: String)]) {
        var seen: UInt32 = 0  // candidates whose first field was met: later ones do not count
        var best = Best()
        let byLength = Self.candidatesByLength, candidates = Self.candidates
        for field in fields {
            let length = field.name.utf8.count
            guard length < byLength.count else { continue }
            for bit in byLength[length]
            where seen & (1 << bit) == 0 && candidates[bit].name.asciiCaseInsensitiveEquals(field.name) {
                let candidate = candidates[bit]
                seen |= 1 << bit
                // As `LCHeaderName.firstValue`: the earliest candidate with a non-empty value.
                if !field.value.isEmpty { best.offer(field.value, list: candidate.list, rank: candidate.rank) }
            }
        }
        self.init(appId: best.values.0?.value, key: best.values.1?.value, sign: best.values.2?.value,
                  masterKey: best.values.3?.value, sessionToken: best.values.4?.value,
                  isProduction: LCHeaderName.isProduction(best.values.5?.value))
    }

    /// Per credential, the best value so far and its candidate's rank: six fixed slots, no array.
    private struct Best {
        typealias Slot = (rank: Int, value: String)?
        var values: (Slot, Slot, Slot, Slot, Slot, Slot) = (nil, nil, nil, nil, nil, nil)

        mutating func offer(_ value: String, list: Int, rank: Int) {
            func keep(_ slot: inout Slot) { if slot == nil || rank < slot!.rank { slot = (rank, value) } }
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

    /// Every candidate name with its credential (the order of `Best`'s slots) and its rank there.
    private static let candidates: [(name: String, list: Int, rank: Int)] = [
        LCHeaderName.appIdCandidates, LCHeaderName.appKeyCandidates, LCHeaderName.signCandidates,
        LCHeaderName.masterKeyCandidates, LCHeaderName.sessionCandidates, LCHeaderName.prodCandidates,
    ].enumerated().flatMap { list, names in names.enumerated().map { (name: $1, list: list, rank: $0) } }

    /// The indexes in `candidates` of the names of each length: most fields (Host, User-Agent, …)
    /// have a length no candidate has, and cost one look.
    private static let candidatesByLength: [[Int]] = {
        let longest = candidates.map(\.name.utf8.count).max() ?? 0
        var table = [[Int]](repeating: [], count: longest + 1)
        for (index, candidate) in candidates.enumerated() { table[candidate.name.utf8.count].append(index) }
        return table
    }()
}
