@testable import EmuAPI
import EmuCrypto
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import Foundation
import Testing

@Suite struct ObjectIdGeneratorTests {
    static func isObjectId(_ id: String) -> Bool {
        id.count == 24 && id.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    @Test func ids_are24LowercaseHexCharacters() {
        let id = ObjectIdGenerator.shared.next()
        #expect(Self.isObjectId(id))
    }

    @Test func id_encodesTimeProcessBytesAndCounter() {
        let generator = ObjectIdGenerator(processUnique: [0xAA, 0xBB, 0xCC, 0xDD, 0xEE], counterStart: 0x010203)
        #expect(generator.next(now: 0x5F5E_1000) == "5f5e1000aabbccddee010203")
        #expect(generator.next(now: 0x5F5E_1000) == "5f5e1000aabbccddee010204")
    }

    @Test func id_startsWithTheCurrentTime() throws {
        let now = Int64(Date().timeIntervalSince1970)
        let id = ObjectIdGenerator().next()
        let seconds = try #require(Int64(id.prefix(8), radix: 16))
        #expect(abs(seconds - now) <= 2)
    }

    @Test func tenThousandIds_areUnique() {
        let generator = ObjectIdGenerator()
        let ids = (0..<10_000).map { _ in generator.next() }
        #expect(Set(ids).count == 10_000)
        #expect(ids.allSatisfy(Self.isObjectId))
    }

    @Test func idsFromOneGenerator_increase() {
        // A fixed counter start: a random one may wrap within 10,000 ids, which Mongo ids allow.
        let generator = ObjectIdGenerator(processUnique: SecureRandom.bytes(5), counterStart: 0)
        let ids = (0..<10_000).map { _ in generator.next(now: 1_700_000_000) }
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
        // A later second sorts after, whatever the counter.
        #expect(generator.next(now: 1_700_000_001) > ids.last!)
    }

    @Test func counter_wrapsAt24Bits() {
        let generator = ObjectIdGenerator(processUnique: [0, 0, 0, 0, 0], counterStart: 0xFF_FFFF)
        #expect(generator.next(now: 1).hasSuffix("ffffff"))
        #expect(generator.next(now: 1).hasSuffix("000000"))
    }

    @Test func concurrentIds_areUnique() async {
        let generator = ObjectIdGenerator()
        let ids = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { (0..<1000).map { _ in generator.next() } } }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(ids).count == 8000)
    }

    @Test func generators_differInTheirProcessBytes() {
        let a = ObjectIdGenerator().next(now: 0)
        let b = ObjectIdGenerator().next(now: 0)
        #expect(a.dropFirst(8).prefix(10) != b.dropFirst(8).prefix(10))
    }
}
