import LCWire

extension RenderOptions {
    /// Reads `keys`, `include` and `returnACL` from query parameters; `returnACL=true` counts
    /// only when the app's setting "include ACL in query results" is on (spec §3.1, §6.2).
    init(parameter: (String) -> String?, app: AppRuntime) {
        self.init(parameter: parameter)
        returnACL = returnACL && app.configuration.options.returnACL
    }
}
