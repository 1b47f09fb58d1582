import EmuTestSupport
import Foundation
import LCClient
import Testing

struct ModelMappingTests {
    struct Article: LCModel, Equatable {
        static let className = "Article"
        static let fieldNames = ["articleId": "objectId", "body": "content"]
        var articleId: String?
        var title: String
        var body: String?
        var thumbnail: Data?
        var publishedAt: Date?
        var author: LCPointer?
        var createdAt: Date?
    }

    @Test func properties_mapToFields_andServerManagedFieldsStayOut() throws {
        let article = Article(articleId: "a1", title: "T", body: "B", thumbnail: Data([255]),
                              publishedAt: Date(timeIntervalSince1970: 1), author: LCPointer(className: "_User", objectId: "u1"),
                              createdAt: Date())
        let object = try article.lcObject()
        #expect(object.objectId == "a1")
        #expect(object.changes.keys.sorted() == ["author", "content", "publishedAt", "thumbnail", "title"])
        #expect(object.changes["content"] == "B")
        #expect(object.changes["thumbnail"]?.jsonString == #"{"__type":"Bytes","base64":"/w=="}"#)
        #expect(object.changes["publishedAt"]?.jsonString == #"{"__type":"Date","iso":"1970-01-01T00:00:01.000Z"}"#)
    }

    @Test func serverJSON_decodesIntoTheModel_withMappedKeysAndBothDateForms() throws {
        let json = try JSONParser.parse(#"""
        {"objectId":"a1","title":"T","content":"B","thumbnail":{"__type":"Bytes","base64":"/w=="},
         "publishedAt":{"__type":"Date","iso":"1970-01-01T00:00:01.000Z"},"createdAt":"2020-01-01T00:00:00.000Z",
         "author":{"__type":"Pointer","className":"_User","objectId":"u1","username":"included"}}
        """#)
        let article = try LCObject(className: "Article", serverData: try #require(json.objectValue)).decode(as: Article.self)
        #expect(article.articleId == "a1")
        #expect(article.body == "B")
        #expect(article.thumbnail == Data([255]))
        #expect(article.publishedAt == Date(timeIntervalSince1970: 1))
        #expect(article.createdAt == Date(timeIntervalSince1970: 1_577_836_800))
        #expect(article.author?.objectId == "u1")
    }

    @Test func savingANewModel_posts_andAnExistingOne_puts() async throws {
        let transport = StubTransport { request in
            request.method == "POST"
                ? StubTransport.json(201, #"{"objectId":"a9","createdAt":"2020-01-01T00:00:00.000Z"}"#)
                : StubTransport.json(200, #"{"objectId":"a9","updatedAt":"2020-01-02T00:00:00.000Z"}"#)
        }
        let app = LCApplication.stub(transport)
        let created = try await app.save(Article(title: "new"))
        #expect(created.articleId == "a9")
        #expect(created.createdAt != nil)
        _ = try await app.save(created)
        #expect(transport.requests.map { "\($0.method) \($0.url.path)" } == ["POST /1.1/classes/Article", "PUT /1.1/classes/Article/a9"])
        #expect(transport.requests[1].json?["objectId"] == nil)
        #expect(transport.requests[1].json?["createdAt"] == nil)
    }
}
