import EmuData
import LCWire
import Primitives

/// The opt-in prefix of apps on demand (`--apps-on-demand-prefix demo-`, docs/testing.md), like
/// Firebase's `demo-*` projects: a request naming an id of the prefix that no app has, with the
/// template's keys, gets a new app of that id, made from the template, and is answered by it.
/// The app takes the template's app key and master key, so a client set up with the template's
/// keys only changes its app id; it counts against `AppDirectory.onDemandCapacity`, and is
/// dropped like any app made on demand (`DELETE /__admin/apps/<id>`, or when the server stops).
package struct OnDemandPrefix: Sendable {
    /// What every id of such an app starts with (the ids outside it stay unknown).
    package let prefix: String
    /// The app whose keys, options and (when `seeded`) seed the made apps take: the default app.
    package let templateId: String
    /// Whether a made app starts with the template's seed rather than empty.
    package let seeded: Bool
    /// Makes the app of this id from the template (in memory, from the seed image cache).
    package let make: @Sendable (_ appId: String, _ template: AppRuntime, _ seeded: Bool) throws -> AppRuntime

    package init(prefix: String, templateId: String, seeded: Bool,
                 make: @escaping @Sendable (_ appId: String, _ template: AppRuntime, _ seeded: Bool) throws -> AppRuntime) {
        (self.prefix, self.templateId, self.seeded, self.make) = (prefix, templateId, seeded, make)
    }

    /// Whether `id` is of the prefix (longer than it, and a valid app id).
    package func covers(_ id: String) -> Bool {
        id.count > prefix.count && id.hasPrefix(prefix) && (try? AppConfiguration.validate(appId: id)) != nil
    }
}

extension AppDirectory {
    /// The template whose keys a request naming `id` must carry, when `id` is of the prefix and
    /// no app has it yet in `snapshot`; nil otherwise (the id is served, or unknown).
    package func template(forUnserved id: String, in snapshot: Snapshot) -> AppRuntime? {
        guard let prefix, prefix.covers(id) else { return nil }
        return snapshot.apps[prefix.templateId]
    }

    /// Whether `id` is of the prefix: the app it names is or will be one of its own (no custom
    /// routes of the default app answer for it).
    package func isOfPrefix(_ id: String) -> Bool { prefix?.covers(id) == true }

    /// The app of the prefix named `id`: made now from `template`, or the one a request racing
    /// this one made first (one app per id). Throws 429 past the cap.
    package func provision(_ id: String, from template: AppRuntime) throws -> AppRuntime {
        guard let prefix else { throw APIError(.unauthorized) }
        // One provisioning at a time: two first requests for an id make one app, and a making
        // that would pass the cap is refused before an app is opened.
        return try provisioning.withLock {
            if let app = snapshot.apps[id] { return app }
            if onDemandCount >= Self.onDemandCapacity { throw APIError(.tooManyAppsOnDemand) }
            let app = try prefix.make(id, template, prefix.seeded)
            switch add(onDemand: app) {
            case .added:
                return app
            case .taken, .full:
                // Only `POST /__admin/apps` adds apps outside this lock: it took the id, or the last place.
                try? app.database.close()
                if let made = snapshot.apps[id] { return made }
                throw APIError(.tooManyAppsOnDemand)
            }
        }
    }
}
