import EmuTestSupport
import EmuData
import EmuHTTP
import Foundation
import LCWire
import Testing

/// examples/apps/leancloud-blog as the blog client uses it (REQUESTS.md): `GET /1.1/login` with
/// the query AFNetworking sorts, `GET /1.1/classes/Post/<id>` with and without `X-LC-Session`,
/// each request signed (`X-LC-Sign`, app key). Answers are read as Mantle reads them: the whole
/// object is the model, strings stay strings, any non-2xx is the error branch.
@Suite struct LeanCloudBlogAppTests {
    static let app = AppConfiguration(appId: "leancloud-blog-dev", appKey: "leancloud-blog-dev-key",
                                      masterKey: "leancloud-blog-dev-master")
    static let publicPost = "56308138e4b0feb4c8ba2a01"
    static let membersPost = "56308138e4b0feb4c8ba2a34"

    /// AFJSONResponseSerializer takes the body only with a JSON content type and a 2xx status.
    static func parsedAsTheAppParses(_ response: TestClient.Response) -> JSON? {
        guard (200..<300).contains(response.status),
              response.headers["Content-Type"]?.hasPrefix("application/json") == true else { return nil }
        return response.json
    }

    static func checkPost(_ response: TestClient.Response, id: String) {
        let post = parsedAsTheAppParses(response)
        #expect(post?["objectId"]?.stringValue == id, "\(response.status) \(response.text)")
        for key in ["title", "desc", "body"] {
            #expect(post?[key]?.stringValue?.isEmpty == false, "\(key) in \(response.text)")
        }
    }

    @Test func theBlogClient_logsIn_readsPublicAndMembersPosts_andLogsOut() async throws {
        let server = try await ExampleApp.serve("leancloud-blog")
        var device = server.client(app: Self.app, credentials: .signedAppKey)

        // 1. signInUsingUsername:passowrd: — GET with the query in AFNetworking's sorted order.
        let login = try device.get("/1.1/login?password=lcemu-test-password&username=testuser")
        let user = Self.parsedAsTheAppParses(login)
        let token = try #require(user?["sessionToken"]?.stringValue, "\(login.status) \(login.text)")
        #expect(!token.isEmpty)
        #expect(user?["objectId"]?.stringValue == "64b7f0c2e4b0a1d2c3f40001")
        #expect(user?["username"]?.stringValue == "testuser")

        // Its error branch: a wrong password is a non-2xx JSON answer (no model).
        let wrong = try device.get("/1.1/login?password=wrong-password&username=testuser")
        #expect(Self.parsedAsTheAppParses(wrong) == nil)
        #expect(wrong.status == 400 && wrong.json?["code"] == 210, "\(wrong.status) \(wrong.text)")
        let unknown = try device.get("/1.1/login?password=lcemu-test-password&username=nobody")
        #expect(Self.parsedAsTheAppParses(unknown) == nil && unknown.json?["code"] == 211, "\(unknown.text)")

        // 3. fetchPostDetail: before log-in a public post reads, a members' post is refused.
        Self.checkPost(try device.get("/1.1/classes/Post/\(Self.publicPost)"), id: Self.publicPost)
        let refused = try device.get("/1.1/classes/Post/\(Self.membersPost)")
        #expect(Self.parsedAsTheAppParses(refused) == nil, "\(refused.status) \(refused.text)")
        #expect(refused.json?["code"] != nil)
        // An id nobody stored: LeanCloud's 200 `{}`, a model without `objectId` (the app shows nothing).
        let missing = try device.get("/1.1/classes/Post/56308138e4b0feb4c8ba2aff")
        #expect(Self.parsedAsTheAppParses(missing) == [:] && missing.json?["objectId"] == nil, "\(missing.status) \(missing.text)")

        // Logged in: the RACObserve binding sends X-LC-Session on every request.
        device.sessionToken = token
        Self.checkPost(try device.get("/1.1/classes/Post/\(Self.membersPost)"), id: Self.membersPost)
        Self.checkPost(try device.get("/1.1/classes/Post/56308138e4b0feb4c8ba2a35"), id: "56308138e4b0feb4c8ba2a35")
        Self.checkPost(try device.get("/1.1/classes/Post/\(Self.publicPost)"), id: Self.publicPost)

        // 2. logout sends nothing and drops the header: the members' post is refused again.
        device.sessionToken = nil
        #expect(Self.parsedAsTheAppParses(try device.get("/1.1/classes/Post/\(Self.membersPost)")) == nil)
    }

    /// The client's signature helper is ambiguous about which key it hashes (REQUESTS.md): the
    /// `,master` reading also works, and reads every post.
    @Test func theMasterKeySignature_isTheOtherReading() async throws {
        let server = try await ExampleApp.serve("leancloud-blog")
        let device = server.client(app: Self.app, credentials: .signedMasterKey)
        Self.checkPost(try device.get("/1.1/classes/Post/\(Self.membersPost)"), id: Self.membersPost)
    }
}
