/// A small WordPress export (WXR 1.2) in the shape WordPress writes: two posts (one with tags,
/// categories, a comment and post meta), a draft, an auto-draft, a page and an attachment.
enum WordPressFixture {
    static func document(namespaceVersion: String = "1.2", items: String = items) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" ?>
        <rss version="2.0"
        \txmlns:excerpt="http://wordpress.org/export/\(namespaceVersion)/excerpt/"
        \txmlns:content="http://purl.org/rss/1.0/modules/content/"
        \txmlns:wfw="http://wellformedweb.org/CommentAPI/"
        \txmlns:dc="http://purl.org/dc/elements/1.1/"
        \txmlns:wp="http://wordpress.org/export/\(namespaceVersion)/">
        <channel>
        \t<title>Wayfarer Engineering</title>
        \t<link>https://blog.example.com</link>
        \t<wp:wxr_version>\(namespaceVersion)</wp:wxr_version>
        \t<wp:author><wp:author_login><![CDATA[mei]]></wp:author_login></wp:author>
        \t<wp:tag><wp:tag_slug><![CDATA[swift]]></wp:tag_slug><wp:tag_name><![CDATA[Swift]]></wp:tag_name></wp:tag>
        \(items)
        </channel>
        </rss>
        """
    }

    static let items = """
        <item>
        \t<title><![CDATA[Hello, world & friends]]></title>
        \t<link>https://blog.example.com/hello</link>
        \t<pubDate>Tue, 09 Jan 2024 08:30:00 +0000</pubDate>
        \t<dc:creator><![CDATA[mei]]></dc:creator>
        \t<description></description>
        \t<content:encoded><![CDATA[<p>Welcome to <em>our</em> blog. 你好 🚀</p>]]></content:encoded>
        \t<excerpt:encoded><![CDATA[Why we write.]]></excerpt:encoded>
        \t<wp:post_id>12</wp:post_id>
        \t<wp:post_date><![CDATA[2024-01-09 16:30:00]]></wp:post_date>
        \t<wp:post_date_gmt><![CDATA[2024-01-09 08:30:00]]></wp:post_date_gmt>
        \t<wp:post_modified_gmt><![CDATA[2024-02-01 10:00:00]]></wp:post_modified_gmt>
        \t<wp:post_name><![CDATA[hello-world]]></wp:post_name>
        \t<wp:status><![CDATA[publish]]></wp:status>
        \t<wp:post_type><![CDATA[post]]></wp:post_type>
        \t<category domain="category" nicename="news"><![CDATA[News]]></category>
        \t<category domain="post_tag" nicename="swift"><![CDATA[Swift]]></category>
        \t<category domain="post_tag" nicename="sqlite"><![CDATA[SQLite]]></category>
        \t<category domain="post_tag" nicename="swift"><![CDATA[Swift]]></category>
        \t<wp:postmeta>
        \t\t<wp:meta_key><![CDATA[_edit_last]]></wp:meta_key>
        \t\t<wp:meta_value><![CDATA[1]]></wp:meta_value>
        \t</wp:postmeta>
        \t<wp:comment>
        \t\t<wp:comment_id>3</wp:comment_id>
        \t\t<wp:comment_date_gmt><![CDATA[2030-01-01 00:00:00]]></wp:comment_date_gmt>
        \t\t<wp:comment_content><![CDATA[Nice post]]></wp:comment_content>
        \t\t<wp:status><![CDATA[spam]]></wp:status>
        \t</wp:comment>
        </item>
        <item>
        \t<title>Plain &amp; simple</title>
        \t<dc:creator>li</dc:creator>
        \t<content:encoded><![CDATA[<p>Second.</p>]]></content:encoded>
        \t<excerpt:encoded><![CDATA[]]></excerpt:encoded>
        \t<wp:post_date_gmt>2024-03-05 12:00:00</wp:post_date_gmt>
        \t<wp:post_modified_gmt>2024-03-05 12:00:00</wp:post_modified_gmt>
        \t<wp:post_name>plain</wp:post_name>
        \t<wp:status>private</wp:status>
        \t<wp:post_type>post</wp:post_type>
        </item>
        <item>
        \t<title>Half-written</title>
        \t<content:encoded><![CDATA[draft body]]></content:encoded>
        \t<wp:post_date_gmt><![CDATA[0000-00-00 00:00:00]]></wp:post_date_gmt>
        \t<wp:status><![CDATA[draft]]></wp:status>
        \t<wp:post_type><![CDATA[post]]></wp:post_type>
        </item>
        <item>
        \t<title>Auto Draft</title>
        \t<wp:status><![CDATA[auto-draft]]></wp:status>
        \t<wp:post_type><![CDATA[post]]></wp:post_type>
        </item>
        <item>
        \t<title>About</title>
        \t<wp:status><![CDATA[publish]]></wp:status>
        \t<wp:post_type><![CDATA[page]]></wp:post_type>
        </item>
        <item>
        \t<title>photo.jpg</title>
        \t<wp:post_type><![CDATA[attachment]]></wp:post_type>
        </item>
        """
}
