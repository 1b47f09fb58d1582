#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import EmuData
import LCWire
import Primitives

/// Every app the server serves, as an immutable `Snapshot` replaced whole when an app is made
/// or dropped on demand (`POST`/`DELETE /__admin/apps`, issue 31). A request reads the snapshot
/// at authentication and keeps it: a read takes no lock (`SharedReference`: readers never wait,
/// a replacement waits only for reads in progress), and never sees an app half added.
package final class AppDirectory: Sendable {
    /// The apps at one moment, with what authentication derives from them.
    package final class Snapshot: Sendable {
        package let apps: [String: AppRuntime]
        /// Per app, by id: what authentication checks its requests with.
        let entries: [String: Entry]
        /// The entries, when there are few: comparing an id with theirs costs less than hashing it.
        let few: [Entry]?

        /// An app with its keys and its verifier (its options may set its own signature window),
        /// made once per snapshot: the keys are handed to the verifier in place, where an
        /// `LCAppKeys` made per request copied both keys (two retains, two releases).
        final class Entry: Sendable {
            let app: AppRuntime
            let keys: LCAppKeys
            let verifier: LCAuthVerifier
            /// The app id's bytes when it is ASCII, for `isNamed`; nil otherwise.
            let asciiId: [UInt8]?

            init(_ app: AppRuntime, maxSkew: Int64?) {
                self.app = app
                keys = LCAppKeys(appKey: app.configuration.appKey, masterKey: app.configuration.masterKey)
                verifier = LCAuthVerifier(maxSkew: app.configuration.options.signMaxSkewMilliseconds(inheriting: maxSkew))
                let id = Array(app.configuration.appId.utf8)
                asciiId = id.allSatisfy { $0 < 0x80 } ? id : nil
            }

            /// Whether `id` names this app, as `String`'s `==` says, with the usual case (the same
            /// ASCII bytes) compared in place: `==` on two distinct ids took its general path
            /// (~120 instructions per request, issue 31). An ASCII id equals only itself; a
            /// request's id with other bytes may still be canonically equivalent to it (the Kelvin
            /// sign and `K`), and `==` decides then.
            func isNamed(_ id: String) -> Bool {
                if let mine = asciiId, let decided = id.utf8.withContiguousStorageIfAvailable({ Self.byBytes(mine, $0) }) ?? nil {
                    return decided
                }
                return app.configuration.appId == id
            }

            /// True when `theirs` are `mine`'s bytes, false when they differ and are ASCII too (an
            /// ASCII id equals only itself), nil when `String`'s `==` must decide.
            private static func byBytes(_ mine: [UInt8], _ theirs: UnsafeBufferPointer<UInt8>) -> Bool? {
                if theirs.count == mine.count, mine.isEmpty
                    || mine.withUnsafeBufferPointer({ memcmp($0.baseAddress!, theirs.baseAddress!, mine.count) }) == 0 {
                    return true
                }
                return theirs.contains { $0 >= 0x80 } ? nil : false
            }
        }

        init(apps: [String: AppRuntime], maxSkew: Int64?, defaultAppId: String? = nil, makesApps: Bool = false) {
            self.apps = apps
            entries = apps.mapValues { Entry($0, maxSkew: maxSkew) }
            few = apps.count > 4 ? nil : Array(entries.values)
            onlyApp = apps.count == 1 ? apps.values.first : nil
            defaultApp = defaultAppId.flatMap { apps[$0] }
            soleApp = makesApps ? nil : onlyApp.flatMap { $0.configuration.appId == defaultAppId ? $0 : nil }
        }

        /// The entry of the app this id names, if served.
        func entry(withId id: String) -> Entry? {
            guard let few else { return entries[id] }
            for entry in few where entry.isNamed(id) { return entry }
            return nil
        }

        /// The app this id names, if served.
        package func app(withId id: String) -> AppRuntime? { entry(withId: id)?.app }

        /// The one app served, when there is only one: made once, asked by every request
        /// (custom routes' app) where reading it out of `few` cost ~100 instructions.
        let onlyApp: AppRuntime?
        /// The default app (the first configured), when served: keyless and unnamed requests' app.
        package let defaultApp: AppRuntime?
        /// The one app served when it is also the default and no prefix makes apps on demand:
        /// every request is that app's, whatever its headers name (custom routes' app). Decided
        /// once per snapshot; asked per request it cost a comparison of the two ids (issue 31).
        package let soleApp: AppRuntime?
    }

    /// At most this many apps made on demand at once (docs/testing.md): each holds an in-memory
    /// database, so a runaway test loop stops here rather than at the machine's memory.
    package static let onDemandCapacity = 256

    private let current: SharedReference<Snapshot>
    /// The ids of the apps made on demand: only those can be dropped.
    private let onDemand = Locked<Set<String>>([])
    private let maxSkew: Int64?
    /// The default app's id, which each snapshot resolves (`Snapshot.defaultApp`).
    private let defaultAppId: String?
    /// The opt-in prefix whose unknown ids are made on first use; nil when off (the default).
    package let prefix: OnDemandPrefix?
    /// Held while an app of the prefix is made (`provision`, OnDemandPrefix.swift).
    let provisioning = Lock()

    package init(apps: [String: AppRuntime], maxSkewMilliseconds: Int64?, prefix: OnDemandPrefix? = nil,
                 defaultAppId: String? = nil) {
        maxSkew = maxSkewMilliseconds
        self.prefix = prefix
        self.defaultAppId = defaultAppId
        current = SharedReference(Snapshot(apps: apps, maxSkew: maxSkewMilliseconds, defaultAppId: defaultAppId,
                                           makesApps: prefix != nil))
    }

    /// A snapshot of `apps`, replacing the current one.
    private func makeSnapshot(of apps: [String: AppRuntime]) -> Snapshot {
        Snapshot(apps: apps, maxSkew: maxSkew, defaultAppId: defaultAppId, makesApps: prefix != nil)
    }

    /// The apps now: read once per request (the pipeline hands it to the custom routes' lookup
    /// and to authentication), by every event loop, where a mutex pair cost ~120 instructions a read.
    package var snapshot: Snapshot { current.load() }

    /// Adds `app`, made on demand, unless its id is served already or the cap is reached.
    package func add(onDemand app: AppRuntime) -> AddOutcome {
        let id = app.configuration.appId
        return current.replace { snapshot -> (Snapshot?, AddOutcome) in
            if snapshot.apps[id] != nil { return (nil, .taken) }
            let full = onDemand.withValue { ids in
                if ids.count >= Self.onDemandCapacity { return true }
                ids.insert(id)
                return false
            }
            if full { return (nil, .full) }
            var apps = snapshot.apps
            apps[id] = app
            return (makeSnapshot(of: apps), .added)
        }
    }

    package enum AddOutcome { case added, taken, full }

    /// Removes the app made on demand with this id and answers it; nil when there is none (a
    /// configured app is never removed).
    package func remove(onDemand id: String) -> AppRuntime? {
        current.replace { snapshot -> (Snapshot?, AppRuntime?) in
            guard onDemand.withValue({ $0.remove(id) }) != nil, let app = snapshot.apps[id] else { return (nil, nil) }
            var apps = snapshot.apps
            apps[id] = nil
            return (makeSnapshot(of: apps), app)
        }
    }

    /// How many apps made on demand are served now.
    var onDemandCount: Int { onDemand.withValue { $0.count } }

    /// Whether this id names an app made on demand.
    package func isOnDemand(_ id: String) -> Bool { onDemand.withValue { $0.contains(id) } }
}

extension LCErrorCode {
    /// An app made on demand (`POST /__admin/apps`, or a first request naming an id of the
    /// prefix) past `AppDirectory.onDemandCapacity` apps.
    package static let tooManyAppsOnDemand = LCErrorCode(
        code: 1, message: "At most \(AppDirectory.onDemandCapacity) apps made on demand; DELETE /__admin/apps/<appId> some first.",
        httpStatus: 429)
}
