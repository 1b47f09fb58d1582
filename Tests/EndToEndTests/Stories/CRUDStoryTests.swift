import EmuTesting
import Foundation
import LCClient
import Testing

/// Story 5: an app stores and reads its data through the typed API against a live emulator.
struct CRUDStoryTests {
    @Test func aTypedPost_isCreatedFetchedUpdatedAndDeleted() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let publishedAt = Date(timeIntervalSince1970: 1_700_000_000.123)
        var post = try await app.save(BlogPost(title: "Hello", text: "First post", likes: 1, tags: ["swift"], publishedAt: publishedAt))
        let postId = try #require(post.postId)
        #expect(post.createdAt != nil)

        let fetched = try await app.fetch(BlogPost.self, id: postId)
        #expect(fetched.title == "Hello")
        #expect(fetched.text == "First post")
        #expect(fetched.publishedAt == publishedAt)

        post.title = "Hello again"
        _ = try await app.save(post)
        let counted = try await app.update(post, ["likes": .increment(2), "tags": .addUnique(["swift", "server"])])
        #expect(counted.title == "Hello again")
        #expect(counted.likes == 3)
        #expect(counted.tags == ["swift", "server"])

        try await app.delete(post)
        let error = await #expect(throws: LCError.self) { try await app.fetch(BlogPost.self, id: postId) }
        #expect(error?.code == .objectNotFound)
    }

    @Test func aDynamicObject_expressesEveryTypeAndOperation() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        var object = LCObject(className: "Everything")
        object.set("when", Date(timeIntervalSince1970: 1_600_000_000))
        object.set("bytes", Data([1, 2, 3]))
        object.set("place", LCGeoPoint(latitude: 39.9, longitude: 116.4)!)
        object.set("flags", 0b0110)
        object.set("list", ["a", "b", "a"])
        try await object.save(in: app)
        object.apply(.bitOr(0b1000), to: "flags")
        object.apply(.remove(["a"]), to: "list")
        try await object.save(in: app, fetchWhenSave: true)
        try await object.fetch(in: app)
        guard case .date(let when)? = object.value("when"), case .bytes(let bytes)? = object.value("bytes"),
              case .geoPoint(let place)? = object.value("place") else {
            Issue.record("typed values not recognised: \(object.serverData)")
            return
        }
        #expect(when == Date(timeIntervalSince1970: 1_600_000_000))
        #expect(bytes == Data([1, 2, 3]))
        #expect(place.latitude == 39.9)
        #expect(object["flags"]?.intValue == 0b1110)
        #expect(object["list"] == ["b"])
    }

    @Test func manyPosts_areSavedInOneBatch_pagedThroughAndCounted_thenDeletedInOneBatch() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let posts = try await app.saveAll((1...25).map { (number: Int) in BlogPost(title: "Post \(number)", likes: number) })
        #expect(posts.allSatisfy { $0.postId != nil })

        let query = LCQuery(BlogPost.self).order(by: "likes")
        var seen: [Int] = []
        for try await object in query.objects(in: app, pageSize: 10) {
            seen.append(try object.decode(as: BlogPost.self).likes ?? 0)
        }
        #expect(seen == Array(1...25))
        var titles: [String] = []
        for try await post in query.models(as: BlogPost.self, in: app, pageSize: 7) { titles.append(post.title) }
        #expect(titles.count == 25)
        #expect(titles.first == "Post 1")
        #expect(try await LCQuery(BlogPost.self).whereKey("likes", .greaterThan(20)).count(in: app) == 5)
        let popular = try await app.find(LCQuery(BlogPost.self).whereKey("likes", .greaterThanOrEqualTo(24)).order(by: "-likes"), as: BlogPost.self)
        #expect(popular.map(\.title) == ["Post 25", "Post 24"])

        try await app.deleteAll(posts)
        #expect(try await LCQuery(BlogPost.self).count(in: app) == 0)
    }

    @Test func aFile_isUploadedThroughTheTokenFlow_referencedByAPost_andDownloaded() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let bytes = Data("cover image bytes".utf8)
        let file = try await LCFile.upload(bytes, name: "cover.txt", mimeType: "text/plain", in: app)
        #expect(file.objectId != nil)
        let post = try await app.save(BlogPost(title: "With cover", cover: file))
        let fetched = try await app.fetch(BlogPost.self, id: try #require(post.postId))
        let cover = try #require(fetched.cover)
        #expect(cover.objectId == file.objectId)
        let url = try #require(cover.url)
        #expect(url.hasPrefix(emulator.baseURL.absoluteString))
        #expect(try await cover.download(in: app) == bytes)
    }

    @Test func tagsRelatedToAPost_areListedWithRelatedTo() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let tags = try await app.saveAll([BlogTag(name: "swift"), BlogTag(name: "server"), BlogTag(name: "other")])
        let post = try await app.save(BlogPost(title: "Tagged"))
        let pointers = tags.prefix(2).compactMap { tag in tag.tagId.map { LCPointer(className: BlogTag.className, objectId: $0) } }
        _ = try await app.update(post, ["tagged": .addRelation(pointers)])

        let owner = LCPointer(className: BlogPost.className, objectId: try #require(post.postId))
        let related = try await app.find(LCQuery(BlogTag.self).relatedTo(owner, key: "tagged").order(by: "name"), as: BlogTag.self)
        #expect(related.map(\.name) == ["server", "swift"])
    }
}
