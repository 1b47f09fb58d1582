// The names the route tables still use until the scripted rename commit replaces them.
typealias APIRequest = RequestContext<AppRuntime?>
typealias AppRequest = RequestContext<AppRuntime>

extension APIRoute {
    init(app access: RouteAccess, work: RouteWork = .byMethod,
         handler: @escaping @Sendable (RequestContext<AppRuntime>) throws -> APIResponse) {
        self.init(appAccess: access, work: work, handler: handler)
    }
}
