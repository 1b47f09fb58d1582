import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

/// The importer on exports as WordPress and others write them (Tests/Fixtures/wordpress/README.md),
/// not only on the small documents written in these tests: WordPress.com's `https://` namespace
/// URIs, CDATA split around `]]>`, entities, unicode, every post status, and the item types a
/// real site has beside its posts.
@Suite struct RealWordPressExportTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/wordpress")

    static func export(_ name: String) throws -> WordPressExport {
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        return try WordPressExport.parse(Array(data))
    }

    @Test func themeUnitTestData_withHTTPSNamespaces_isAccepted() throws {
        let export = try Self.export("theme-unit-test.xml")
        #expect(export.posts.count == 9)
        #expect(export.skipped == ["auto-draft": 1, "attachment": 1, "page": 1, "nav_menu_item": 1, "wp_global_styles": 1])
    }

    @Test func themeUnitTestData_keepsMarkupCDATAAndEntities_asWordPressStoredThem() throws {
        let post = try Self.export("theme-unit-test.xml").posts[0]
        #expect(post["title"] == "Markup: HTML Tags and Formatting")
        let body = try #require(post["body"]?.stringValue)
        #expect(body.hasPrefix("<strong>Headings</strong>\n<h1>Header one</h1>\n<!-- wp:paragraph -->"))
        #expect(body.contains("&amp; an entity left as text: &copy; &#8220;quoted&#8221;."))
        #expect(body.hasSuffix(#"<pre>if (a < b && c > d) { return "]]>"; }</pre>"#))
        #expect(post["desc"] == "A post that tests markup: <em>headings</em>, links &amp; code.")
        #expect(post["author"] == "themedemos" && post["slug"] == "markup-html-tags-and-formatting")
        #expect(post["categories"] == ["Markup", "Child 1"])
        #expect(post["tags"] == ["markup", "8BIT", "css"])
        #expect(post["createdAt"] == "2013-01-11T20:22:19.000Z" && post["updatedAt"] == "2013-01-12T08:00:00.000Z")
        // The comments' own wp:status-like elements and post meta do not leak into the post.
        #expect(post["status"] == "publish" && post["published"] == true)
    }

    @Test func themeUnitTestData_decodesEntitiesOutsideCDATA_andKeepsUnicode() throws {
        let posts = try Self.export("theme-unit-test.xml").posts
        #expect(posts[1]["title"] == #"Title With Special Characters ~`!@#$%^&*()-_=+{}[]/\;:'"?,.>"#)
        #expect(posts[2]["title"] == "Unicode: 中文 Русский العربية עברית — “curly” 🚀")
        #expect(posts[2]["desc"] == "Ünïcödé excerpt — 你好")
        #expect(posts[2]["tags"] == ["中文"])
        #expect(posts[3]["title"] == "" && posts[3]["slug"] == "1719")
    }

    @Test func themeUnitTestData_keepsEveryPostStatus() throws {
        let posts = try Self.export("theme-unit-test.xml").posts
        #expect(posts.map { $0["status"] } == ["publish", "publish", "publish", "publish", "draft", "private", "pending", "publish", "future"])
        #expect(posts.map { $0["published"] } == [true, true, true, true, false, false, false, true, false])
        let draft = posts[4], pending = posts[6], scheduled = posts[8]
        #expect(draft["slug"] == nil && draft["createdAt"] == nil && draft["updatedAt"] == nil)
        #expect(pending["createdAt"] == nil)
        // Modified before it is due: updatedAt falls back to createdAt at import.
        #expect(scheduled["createdAt"] == "2031-01-01T09:00:00.000Z" && scheduled["updatedAt"] == nil)
    }

    @Test func exportWrittenByAnotherImportersTests_isAccepted() throws {
        let export = try Self.export("wagtail-wordpress-import-post_meta.xml")
        #expect(export.posts.count == 5 && export.skipped.isEmpty)
        let first = export.posts[0]
        #expect(first["title"] == "Item with wp:postmeta single")
        #expect(first["author"] == "author1" && first["categories"] == ["Blogging"])
        #expect(first["createdAt"] == "2010-07-13T16:16:46.000Z")
        #expect(first["body"] == "" && first["desc"] == "Lorem ipsum dolor sit amet")
    }

    @Test(arguments: ["https://wordpress.org/export/1.0/", "http://wordpress.org/export/1.3/", "urn:example:wxr"])
    func anyURIBoundToWP_isTheWordPressNamespace_asForWordPressItself(uri: String) throws {
        let text = """
            <rss xmlns:wp="\(uri)" xmlns:excerpt="\(uri)excerpt/"><channel>
            <item><title>T</title><excerpt:encoded>E</excerpt:encoded><wp:post_type>post</wp:post_type><wp:status>publish</wp:status></item>
            </channel></rss>
            """
        let posts = try WordPressExport.parse(Array(text.utf8)).posts
        #expect(posts.count == 1 && posts.first?["desc"] == "E" && posts.first?["status"] == "publish")
    }

    @Test func wpElementsOfAnotherNamespace_areNotWordPresss() {
        let text = #"<rss xmlns:x="http://example.com/x/"><channel><item><x:post_type>post</x:post_type></item></channel></rss>"#
        #expect(throws: TransferError("not a WordPress export: no wp: elements (export it with Tools → Export in WordPress)")) {
            try WordPressExport.parse(Array(text.utf8))
        }
    }

    @Test func importingTheThemeUnitTestData_writesNinePosts() throws {
        let directory = try TemporaryDirectory()
        let file = try AppDataFile(appId: "wp", dataDirectory: directory.path)
        defer { try? file.close() }
        let path = Self.fixtures.appendingPathComponent("theme-unit-test.xml").path
        let (report, export) = try file.importWordPressFile(path: path, into: "Post")
        #expect(report.inserted == 9 && export.skippedCount == 5)
        let records = try file.exportRecords(className: "Post")
        #expect(records[4].createdAt == records[4].updatedAt)  // the draft: both the import time
        #expect(records[8].updatedAt.iso == "2031-01-01T09:00:00.000Z")
    }
}
