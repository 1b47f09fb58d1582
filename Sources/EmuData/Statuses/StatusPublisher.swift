import EmuSQLite
import LCWire

/// What `POST /1.1/statuses` asks for: the status's fields and who receives it.
package struct StatusDraft: Sendable {
    /// The status's own fields (`data`, with `source` when the status has one).
    package var data: JSONObject
    package var inboxType: String
    package var targets: StatusTargets

    package init(data: JSONObject, inboxType: String, targets: StatusTargets) {
        self.data = data
        self.inboxType = inboxType
        self.targets = targets
    }

    /// The status's source, when it is a pointer (the publishing user, as the SDKs send it).
    package var source: LCPointer? { data[StatusFields.source].flatMap(LCPointer.init(json:)) }
}

/// The query whose results receive a status: each result is an inbox owner, or, with
/// `ownerKey`, the pointer it holds in that field (`_Follower` rows name theirs in `follower`).
package struct StatusTargets: Sendable {
    package var className: String
    package var whereJSON: JSON?
    package var ownerKey: String?

    package init(className: String, whereJSON: JSON?, ownerKey: String?) {
        self.className = className
        self.whereJSON = whereJSON
        self.ownerKey = ownerKey
    }

    /// The source's followers: LeanCloud's `_Follower` query, what the SDKs send for followers.
    package static func followers(of user: LCPointer) -> StatusTargets {
        StatusTargets(className: LCClassName.follower, whereJSON: .object(["user": user.json]), ownerKey: "follower")
    }
}

/// Names of the fields a status has beside its data.
package enum StatusFields {
    package static let source = "source"
    package static let inboxType = "inboxType"
    package static let messageId = "messageId"
}

/// Publishes statuses: the `_Status` object and its delivery to every target's inbox, in one
/// transaction, so a status is never half-delivered.
package enum StatusPublisher {
    /// A status reaches at most this many targets (the first of its query, oldest first).
    package static let maxTargets = 10_000

    /// Saves the status and delivers it. A `default` status reaches its source's own inbox too,
    /// as LeanCloud's guide says.
    package static func publish(_ draft: StatusDraft, access: AccessContext, app: AppRuntime) throws -> ObjectRecord {
        try app.database.write { db in
            try access.requireLiveSession(in: db)
            let record = try save(draft, now: app.clock.now, in: db)
            var owners = try targetOwners(draft.targets, access: access, in: db)
            if draft.inboxType == StatusInbox.defaultType, let source = draft.source, !owners.contains(source) {
                owners.append(source)
            }
            for owner in owners { try StatusInbox(owner: owner, type: draft.inboxType).deliver(record.objectId, in: db) }
            return record
        }
    }

    /// The `_Status` object: the data as an object body (operators and typed values as in any
    /// create), `inboxType`, readable by everyone and writable by its source only.
    private static func save(_ draft: StatusDraft, now: LCDate, in db: Database) throws -> ObjectRecord {
        var body = draft.data
        body[StatusFields.inboxType] = .string(draft.inboxType)
        let patch = try ObjectPatch(body: body, mode: .create)
        let objectId = ObjectIdGenerator.shared.next(now: now.millisecondsSince1970 / 1000)
        var record = ObjectRecord(className: LCClassName.status, objectId: objectId, createdAt: now, updatedAt: now,
                                  acl: nil, fields: JSONObject())
        let stored = try ObjectStore.schema(of: LCClassName.status, in: db)
        var schema = ClassSchema(className: LCClassName.status, fields: stored ?? JSONObject())
        _ = try patch.apply(to: &record, schema: &schema)
        var acl: JSONObject = ["*": ["read": true]]
        if let source = draft.source, source.className == LCClassName.user {
            acl[source.objectId] = ["read": true, "write": true]
        }
        record.acl = acl
        try ObjectStore.insert(record, classExists: stored != nil, in: db)
        try schema.saveIfChanged(now: now, in: db)
        return record
    }

    /// The distinct inbox owners the target query finds, in its order. The query runs as the
    /// status service's own: the `find` permission of the target class is not asked (`_User`'s
    /// is closed by default, yet every SDK's private status is a `_User` query from a client),
    /// but everything else of the caller's access is: each row's ACL (a target the caller could
    /// not read receives nothing), field permissions, and the permissions of inner queries.
    private static func targetOwners(_ targets: StatusTargets, access: AccessContext, in db: Database) throws -> [LCPointer] {
        var parameters = QueryParameters({ _ in nil }, where: targets.whereJSON)
        parameters.limit = maxTargets
        var permissions = access.permissions
        permissions.rules[targets.className, default: [:]][.find] = .everyone
        let service = AccessContext(caller: try access.caller(in: db), permissions: permissions,
                                    fieldPermissions: access.fieldPermissions)
        let plan = try QueryRunner.makePlan(targets.className, parameters, service, in: db)
        var owners: [LCPointer] = []
        var seen = Set<String>()
        for record in try QueryExecutor.records(plan, in: db) {
            let owner: LCPointer?
            if let key = targets.ownerKey {
                owner = record.fields[key].flatMap(LCPointer.init(json:))
            } else {
                owner = LCPointer(className: record.className, objectId: record.objectId)
            }
            guard let owner, seen.insert(owner.className + "/" + owner.objectId).inserted else { continue }
            owners.append(owner)
        }
        return owners
    }
}
