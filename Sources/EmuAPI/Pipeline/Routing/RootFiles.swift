import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import LCWire

/// File URLs in LeanCloud's form, `<base>/<key>`: the SDKs check that a file saved with a chosen
/// `key` has a URL whose path is exactly `/<key>`, as on LeanCloud's file domains. A GET or HEAD
/// that matches no route is therefore tried as a file key, in the default app first and then in
/// the others by app id, and served by the route of the long form `/__files/<appId>/<key>`
/// (which keeps working for every file, and is the one to use when two apps chose the same key).
extension RoutingStage {
    func rootFileRoute(method: String, path: String) -> (APIRoute, RouteCaptures)? {
        guard method == "GET" || method == "HEAD" else { return nil }
        let key = String(path.drop(while: { $0 == "/" }))
        guard !key.isEmpty, FileURLForm.keepsPath(key), let appId = appHoldingFile(key) else { return nil }
        guard case .found(let route, let parameters) = router.match(method: method, path: "/__files/\(appId)/\(key)")
        else { return nil }
        return (route, parameters)
    }

    private func appHoldingFile(_ key: String) -> String? {
        let others = authenticator.apps.keys.filter { $0 != authenticator.defaultAppId }.sorted()
        for appId in [authenticator.defaultAppId].compactMap({ $0 }) + others {
            guard let app = authenticator.apps[appId] else { continue }
            if (try? app.database.read({ db in try FileStore.keyExists(key, in: db) })) == true { return appId }
        }
        return nil
    }
}
