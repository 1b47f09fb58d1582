/// The server knows every app it serves: the health check (`StorageHealth`) asks it through the
/// request's dispatcher. Server glue: it moves with `APIHandler` (scripts/layers maps it there).
extension APIHandler: ServedApps {
    var servedApps: [AppRuntime] { Array(authenticator.apps.values) }
}
