import Foundation
import LCClient

/// The blog's post as an app models it: `postId` is the objectId, `text` is stored as `content`.
struct BlogPost: LCModel, Equatable {
    static let className = "StoryPost"
    static let fieldNames = ["postId": "objectId", "text": "content"]

    var postId: String?
    var title: String
    var text: String?
    var likes: Int?
    var tags: [String]?
    var publishedAt: Date?
    var cover: LCFile?
    var author: LCPointer?
    var createdAt: Date?
    var updatedAt: Date?
}

/// A tag, related to posts through the relation field `tagged` of `BlogPost`.
struct BlogTag: LCModel, Equatable {
    static let className = "StoryTag"
    static let fieldNames = ["tagId": "objectId"]

    var tagId: String?
    var name: String
}

/// The seeded `Post` class (docs/seed.md) seen through a typed model.
struct SeedPost: LCModel {
    static let className = "Post"
    static let fieldNames = ["postId": "objectId"]

    var postId: String?
    var title: String?
    var content: String?
    var createdAt: Date?
}
