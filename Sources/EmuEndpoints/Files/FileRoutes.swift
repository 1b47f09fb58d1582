import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// Files (spec §8.1, §2.7): `_File` objects whose bytes the emulator stores and serves itself,
/// playing both LeanCloud and the S3 bucket the SDKs upload to.
///
/// ```
/// POST /1.1/fileTokens {"name":"a.png","mime_type":"image/png"}  → {"objectId","token","upload_url","url",…}
/// PUT  <upload_url>   (raw bytes)                                 → 200
/// POST /1.1/fileCallback {"token":"…","result":true}              → {}
/// GET  <url>                                                      → the bytes, as image/png
/// ```
package enum FileRoutes {
    /// The provider the SDKs are told to upload to: `s3` means "PUT the bytes to `upload_url`".
    static let provider = "s3"
    static let bucket = "lcemu"
    /// How long an upload URL stays valid (emulator clock).
    static let uploadTokenLifetimeMilliseconds: Int64 = 3_600_000

    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/1.1/fileTokens", APIRoute(appAccess: .app) { try createToken($0) })
        router.add("POST", "/1.1/fileCallback", APIRoute(appAccess: .app) { try callback($0) })
        router.add("PUT", "/__files/upload/:appId/:token",
                   APIRoute(appAccess: .appInPath(parameter: "appId")) { try upload($0) })
        router.add("GET", "/__files/:appId/*key",
                   APIRoute(appAccess: .appInPath(parameter: "appId"), work: .slow) { try serve($0) })
        router.add("POST", "/1.1/files", APIRoute(appAccess: .app) { try createFromJSON($0) })
        // The router keeps one capture name per position, so the POST's file name is `objectId` too.
        router.add("POST", "/1.1/files/:objectId", APIRoute(appAccess: .app) { try createNamed($0) })
        router.add("GET", "/1.1/files/:objectId", APIRoute(appAccess: .app) { try fetch($0) })
        router.add("DELETE", "/1.1/files/:objectId", APIRoute(appAccess: .app) { try delete($0) })
    }

    /// A new objectId stamped with the emulator clock.
    static func newObjectId(_ now: LCDate) -> String {
        ObjectIdGenerator.shared.next(now: now.millisecondsSince1970 / 1000)
    }
}
