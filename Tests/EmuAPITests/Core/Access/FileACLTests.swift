import EmuTesting
import LCWire
import Testing

/// Files carry ACLs too (spec §8.1, §6.1).
@Suite struct FileACLTests {
    @Test func fileFetch_followsTheFilesACL_andMalformedFileACLsAre123() throws {
        let fixture = try AccessFixture()
        let created = try fixture.master.post("/1.1/files", json: [
            "name": "a.txt", "url": "http://example.com/a.txt", "ACL": .object([fixture.owner: ["read": true]]),
        ])
        let id = try #require(created.json?["objectId"]?.stringValue)
        #expect(try fixture.client(.other).get("/1.1/files/\(id)").status == 403)
        #expect(try fixture.client(.owner).get("/1.1/files/\(id)").json?["name"] == "a.txt")
        let bad = try fixture.master.post("/1.1/files", json: ["name": "b.txt", "url": "http://example.com/b", "ACL": ["role:a b": ["read": true]]])
        #expect(errorCode(bad) == 123)
    }
}
