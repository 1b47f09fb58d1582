import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct WordPressExportTests {
    func parse(_ text: String) throws -> WordPressExport {
        try WordPressExport.parse(Array(text.utf8))
    }

    @Test func parse_mapsAPost_toTheDocumentedFields() throws {
        let export = try parse(WordPressFixture.document())
        let post = try #require(export.posts.first)
        #expect(post == [
            "title": "Hello, world & friends", "slug": "hello-world", "desc": "Why we write.",
            "body": "<p>Welcome to <em>our</em> blog. 你好 🚀</p>", "author": "mei",
            "tags": ["Swift", "SQLite"], "categories": ["News"], "status": "publish", "published": true,
            "createdAt": "2024-01-09T08:30:00.000Z", "updatedAt": "2024-02-01T10:00:00.000Z",
        ])
    }

    @Test func parse_ignoresElementsNestedInCommentsAndMeta() throws {
        let post = try #require(try parse(WordPressFixture.document()).posts.first)
        #expect(post["status"] == "publish")  // not the comment's "spam"
    }

    @Test func parse_readsPlainTextAndEntities_notOnlyCDATA() throws {
        let post = try parse(WordPressFixture.document()).posts[1]
        #expect(post["title"] == "Plain & simple")
        #expect(post["desc"] == "")
        #expect(post["published"] == false)
        #expect(post["tags"] == [])
    }

    @Test func parse_leavesTheDatesOfDraftsToTheImport() throws {
        let draft = try parse(WordPressFixture.document()).posts[2]
        #expect(draft["title"] == "Half-written")
        #expect(draft["createdAt"] == nil && draft["updatedAt"] == nil)
        #expect(draft["slug"] == nil && draft["author"] == nil)
    }

    @Test func parse_keepsPostsOnly_andCountsTheRest() throws {
        let export = try parse(WordPressFixture.document())
        #expect(export.posts.count == 3)
        #expect(export.skipped == ["page": 1, "attachment": 1, "auto-draft": 1])
        #expect(export.skippedCount == 3)
        #expect(export.skippedSummary == "1 attachment, 1 auto-draft, 1 page")
    }

    @Test(arguments: ["1.0", "1.1", "1.2"])
    func parse_acceptsEveryWXRVersion(version: String) throws {
        #expect(try parse(WordPressFixture.document(namespaceVersion: version)).posts.count == 3)
    }

    @Test func parse_ofAnExportWithoutItems_isEmpty() throws {
        let export = try parse(WordPressFixture.document(items: ""))
        #expect(export.posts.isEmpty && export.skipped.isEmpty)
    }

    @Test(arguments: [
        ("{\"results\":[]}", "not an XML file"),
        ("<feed><entry/></feed>", "not a WordPress export: the root element is <feed>, expected <rss>"),
        ("<rss><channel><item><title>x</title></item></channel></rss>",
         "not a WordPress export: no wp: elements (export it with Tools → Export in WordPress)"),
    ])
    func parse_rejectsFilesThatAreNotWordPressExports(text: String, message: String) {
        #expect(throws: TransferError(message)) { try parse(text) }
    }

    @Test func parse_reportsWhereTheXMLBreaks() {
        #expect {
            try parse("<rss>\n<channel>\n</chanel>\n</rss>")
        } throws: { error in
            "\(error)".hasPrefix("not well-formed XML at line ")
        }
    }

    @Test func importWordPressFile_writesThePosts_andReportsTheSkipped() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("blog.xml", WordPressFixture.document())
        let file = try AppDataFile(appId: "wp", dataDirectory: directory.path("data"))
        let (report, export) = try file.importWordPressFile(path: path, into: "Post")
        #expect(report == ImportReport(className: "Post", inserted: 3))
        #expect(export.skippedCount == 3)
        let records = try file.exportRecords(className: "Post")
        #expect(records.map { $0.fields["slug"] } == ["hello-world", "plain", nil])
        #expect(records[0].createdAt.iso == "2024-01-09T08:30:00.000Z")
        #expect(records.allSatisfy { $0.acl == nil && LCObjectId.isValid($0.objectId) })
    }
}
