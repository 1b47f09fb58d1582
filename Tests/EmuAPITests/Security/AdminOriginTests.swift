@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// Web pages of other origins can neither read nor change anything under `/__admin`, by
/// preflighted or "simple" requests (docs/security.md); the dashboard's own origin and clients
/// that are no browser keep working.
@Suite struct AdminOriginTests {
    static let evil = "http://evil.example"
    static let masterHeaders: HTTPHeaders = [LCHeaderName.id: AppConfiguration.development.appId,
                                            LCHeaderName.key: "\(AppConfiguration.development.masterKey),master"]
    /// A route reading a host file: what a page would add (docs/security.md).
    static let route: JSON = ["id": "pw", "request": ["path": "/pw"], "response": ["json": ["stolen": true]]]

    let emulator: TestServer
    let admin: TestClient
    let bare: TestClient

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        bare = emulator.inProcessClient(credentials: .none)
    }

    private func routeIds() throws -> [String] {
        try admin.get("/__admin/routes").json?["results"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    private func expectRefused(_ response: TestClient.Response, _ context: String = "",
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == 403, "\(context): \(response.status) \(response.text)", sourceLocation: sourceLocation)
        #expect(response.json?["code"] == 119, "\(context)", sourceLocation: sourceLocation)
        #expect(response.headers["Access-Control-Allow-Origin"] == nil, "\(context)", sourceLocation: sourceLocation)
        #expect(response.headers["Access-Control-Allow-Headers"] == nil, "\(context)", sourceLocation: sourceLocation)
    }

    @Test func aCrossOriginPreflight_toAdminRoutes_isRefused_withNoGrant() throws {
        let response = try bare.send("OPTIONS", "/__admin/routes", headers: [
            "Origin": Self.evil, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "x-lc-id,x-lc-key,content-type",
            "Access-Control-Request-Private-Network": "true"])
        expectRefused(response)
        #expect(response.headers["Access-Control-Allow-Private-Network"] == nil)
    }

    /// `text/plain` is a "simple" request: the browser sends it without asking first.
    @Test func aTextPlainEnvelope_fromAnotherOrigin_isRefused_andAddsNoRoute() throws {
        var envelope = try #require(Self.route.objectValue)
        envelope["_ApplicationId"] = .string(AppConfiguration.development.appId)
        envelope["_MasterKey"] = .string(AppConfiguration.development.masterKey)
        let response = try bare.send("POST", "/__admin/routes", body: JSON.object(envelope).serialized(),
                                     headers: ["Origin": Self.evil, "Content-Type": "text/plain;charset=UTF-8"])
        expectRefused(response)
        #expect(response.text.contains("allow it with --admin-origins (LCEMU_ADMIN_ORIGINS)"))
        #expect(try routeIds().isEmpty)
        #expect(try bare.get("/pw").status == 404)
    }

    @Test func aFormPost_fromAnotherOrigin_isRefused() throws {
        for path in ["/__admin/reset", "/__admin/ui-login", "/__admin/routes"] {
            let response = try bare.send("POST", path, body: Array("id=pw&token=x".utf8), headers: [
                "Origin": Self.evil, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site"])
            expectRefused(response, path)
        }
    }

    /// An image or a script another site loads sends no `Origin`, but says where it comes from.
    @Test func aRequestAnotherSiteStarted_withoutOrigin_isRefused() throws {
        for site in ["cross-site", "same-site"] {
            var headers = Self.masterHeaders
            headers.add("Sec-Fetch-Site", site)
            expectRefused(try bare.get("/__admin/routes", headers: headers), site)
        }
        // A link elsewhere may open the dashboard's page, which then calls as its own origin.
        let navigation = try bare.get("/__admin/ui/", headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"])
        #expect(navigation.status == 200)
        expectRefused(try bare.get("/__admin/ui/app.js", headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"]))
    }

    /// Every spelling the router (or a proxy in front) may take for the admin path is guarded.
    @Test(arguments: ["//__admin/routes", "/%5F%5Fadmin/routes", "/%2F__admin/routes", "/__ADMIN/routes",
                      "/__admin/./routes", "/1.1/../__admin/routes", "/__admin/../__admin/routes", "/__admin"])
    func everySpellingOfTheAdminPath_isGuarded(path: String) throws {
        var headers = Self.masterHeaders
        headers.add("Origin", Self.evil)
        expectRefused(try bare.send("POST", path, body: Self.route.serialized(), headers: headers), path)
        #expect(try routeIds().isEmpty)
    }

    @Test func theDashboardsOwnOrigin_andClientsWithoutOrigin_keepWorking_withoutTheWildcard() throws {
        for (host, origin) in [("localhost:3000", "http://localhost:3000"), ("127.0.0.1:3000", "http://127.0.0.1:3000"),
                               ("[::1]:3000", "http://[::1]:3000"), ("localhost", "http://localhost"),
                               ("localhost:443", "https://localhost")] {
            let response = try admin.get("/__admin/routes", headers: ["Host": host, "Origin": origin, "Sec-Fetch-Site": "same-origin"])
            #expect(response.status == 200, "\(origin)")
            #expect(response.headers["Access-Control-Allow-Origin"] == nil, "\(origin)")
        }
        let curl = try admin.post("/__admin/routes", json: Self.route)
        #expect(curl.status == 200 || curl.status == 201)
        #expect(curl.headers["Access-Control-Allow-Origin"] == nil)
        #expect(try routeIds() == ["pw"])
    }

    @Test func aConfiguredOrigin_isAllowed_withItsOriginBack_andTheFixedHeaderList() throws {
        let page = "http://localhost:5173"
        let emulator = try TestServer.start { $0.adminOrigins = try! CORSOrigins([page]) }
        let preflight = try emulator.inProcessClient(credentials: .none).send("OPTIONS", "/__admin/routes", headers: [
            "Origin": page, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-anything",
            "Access-Control-Request-Private-Network": "true"])
        #expect(preflight.status == 200)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == page)
        #expect(preflight.headers["Access-Control-Allow-Headers"] == CORS.allowedHeaders)
        #expect(preflight.headers["Access-Control-Allow-Private-Network"] == "true")
        let added = try emulator.inProcessClient(credentials: .masterKey).post("/__admin/routes", json: Self.route, headers: ["Origin": page])
        #expect(added.status == 200 || added.status == 201)
        #expect(added.headers["Access-Control-Allow-Origin"] == page)
        #expect(added.headers.values(for: "Vary").contains("Origin"))
        expectRefused(try emulator.inProcessClient(credentials: .masterKey).get("/__admin/routes", headers: ["Origin": "http://localhost:5174"]))
    }

    /// `/1.1` keeps LeanCloud's CORS: every page may call it (web SDK apps).
    @Test func theAPI_keepsItsCORS_forEveryOrigin() throws {
        let response = try emulator.inProcessClient().get("/1.1/date", headers: ["Origin": Self.evil, "Sec-Fetch-Site": "cross-site"])
        #expect(response.status == 200)
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        let preflight = try bare.send("OPTIONS", "/1.1/classes/Post", headers: [
            "Origin": Self.evil, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-lc-id, x-lc-key",
            "Access-Control-Request-Private-Network": "true"])
        #expect(preflight.status == 200)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == Self.evil)
        #expect(preflight.headers["Access-Control-Allow-Headers"] == "x-lc-id, x-lc-key")
        // A public page reaching this private server: only an origin the developer listed.
        #expect(preflight.headers["Access-Control-Allow-Private-Network"] == nil)
    }

    @Test func privateNetworkAccess_isGrantedOnTheAPI_toListedCookieOrigins() throws {
        let page = "https://app.example.test"
        let emulator = try TestServer.start { $0.corsOrigins = try! CORSOrigins([page]) }
        let preflight = try emulator.inProcessClient(credentials: .none).send("OPTIONS", "/1.1/classes/Post", headers: [
            "Origin": page, "Access-Control-Request-Method": "GET", "Access-Control-Request-Private-Network": "true"])
        #expect(preflight.headers["Access-Control-Allow-Private-Network"] == "true")
        // Cookie origins are not admin origins.
        expectRefused(try emulator.inProcessClient(credentials: .masterKey).get("/__admin/routes", headers: ["Origin": page]))
    }
}
