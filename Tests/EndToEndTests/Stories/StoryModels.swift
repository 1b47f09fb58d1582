import EmuTestSupport
import EmuTesting
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

/// The seeded `Post` class (docs/seed.md) seen through a typed model; `summary` is `desc`.
struct SeedPost: LCModel {
    static let className = "Post"
    static let fieldNames = ["postId": "objectId", "summary": "desc"]

    var postId: String?
    var title: String
    var summary: String?
    var body: String?
    var author: String?
    var tags: [String]
    var views: Int
    var likes: Int
    var published: Bool
    var createdAt: Date?
    var updatedAt: Date?
}

/// Fixed ids and credentials of the seed (docs/seed.md).
enum Seed {
    static let userId = TestServer.seedUserId
    static let username = "testuser"
    static let password = "lcemu-test-password"
    /// The last post: `[Members] …`, readable only by the test user.
    static let membersPostId = "65a1f0c0e4b0a1d2c3f50028"
    static let publicPostCount = 32
    static let postCount = 40
}
