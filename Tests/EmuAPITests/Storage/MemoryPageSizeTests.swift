@testable import EmuData
import LCWire
import EmuTestSupport
import Testing

/// An in-memory app database has 2 KiB pages (`AppDatabase.memoryPageSize`: its in-memory
/// rollback journal copies every changed page), and so has a copy made from its image; a file
/// database keeps SQLite's 4 KiB. Either way objects much larger than a page are stored whole.
@Suite struct MemoryPageSizeTests {
    @Test func memory_usesTheSmallerPages_andAnImageCopyKeepsThem() throws {
        let queue = try AppDatabase.open(appId: "pages", dataDirectory: ":memory:")
        defer { try? queue.close() }
        #expect(try queue.read { db in try db.scalar("PRAGMA page_size")?.int64Value } == Int64(AppDatabase.memoryPageSize))
        let image = try queue.writeWithoutTransaction { db in try db.serializedImage() }
        let copy = try AppDatabase.open(appId: "pages", dataDirectory: ":memory:", image: image)
        defer { try? copy.close() }
        #expect(try copy.read { db in try db.scalar("PRAGMA page_size")?.int64Value } == Int64(AppDatabase.memoryPageSize))
    }

    @Test func aFile_keepsSQLitesPages() throws {
        let directory = try TemporaryDirectory()
        let queue = try AppDatabase.open(appId: "pages", dataDirectory: directory.path)
        defer { try? queue.close() }
        #expect(try queue.read { db in try db.scalar("PRAGMA page_size")?.int64Value } == 4096)
    }

    @Test func objectsLargerThanAPage_areStoredWhole() throws {
        let queue = try AppDatabase.open(appId: "pages", dataDirectory: ":memory:")
        defer { try? queue.close() }
        let body = String(repeating: "é", count: 5_000)
        let record = ObjectRecord(className: "Post", objectId: "5f5e1000aabbccddee010203", createdAt: LCDate(millisecondsSince1970: 0),
                                  updatedAt: LCDate(millisecondsSince1970: 0), acl: nil, fields: ["body": .string(body)])
        try queue.write { db in try ObjectStore.insert(record, in: db) }
        let stored = try queue.read { db in try ObjectStore.fetch(className: "Post", objectId: record.objectId, in: db) }
        #expect(stored == record)
    }
}
