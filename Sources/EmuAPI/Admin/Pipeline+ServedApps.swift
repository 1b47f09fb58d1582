/// The server knows every app it serves: the health check (`StorageHealth`) asks it through the
/// request's dispatcher. Server glue: it moves with the pipeline (scripts/layers maps it there).
extension Pipeline: ServedApps {
    var servedApps: [AppRuntime] { Array(renderer.apps.values) }
}
