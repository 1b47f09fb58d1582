import Foundation
import LCWire

/// A dynamic object of any class: the fields the server sent plus the changes not saved yet.
///
/// ```swift
/// var post = LCObject(className: "Post")
/// post.set("title", "Hello")
/// post.set("publishedAt", Date())
/// try await post.save(in: app)
/// post.apply(.increment(1), to: "views")
/// try await post.save(in: app)
/// ```
public struct LCObject: Sendable, LCValueConvertible {
    public let className: String
    public internal(set) var objectId: String?
    public internal(set) var createdAt: Date?
    public internal(set) var updatedAt: Date?
    /// The fields as last read from the server (without objectId/createdAt/updatedAt).
    public internal(set) var serverData: JSONObject
    /// Unsaved values and operations, by field, in the order they were made.
    public internal(set) var changes: JSONObject

    /// A new object (no `objectId`), or a reference to an existing one.
    public init(className: String, objectId: String? = nil) {
        self.className = className
        self.objectId = objectId
        serverData = JSONObject()
        changes = JSONObject()
    }

    /// An object as the server sent it (fetch, query result, included pointer).
    public init(className: String, serverData data: JSONObject) {
        self.init(className: className)
        merge(serverData: data)
    }

    /// Folds a server answer into the object: the server-managed fields and any field values.
    mutating func merge(serverData data: JSONObject) {
        for (key, value) in data {
            switch key {
            case LCFieldName.objectId: objectId = value.stringValue ?? objectId
            case LCFieldName.createdAt: createdAt = Self.date(value) ?? createdAt
            case LCFieldName.updatedAt: updatedAt = Self.date(value) ?? updatedAt
            case LCWireKey.type, LCWireKey.className: continue
            default: serverData[key] = value
            }
        }
    }

    /// `createdAt`/`updatedAt` come as plain ISO strings, elsewhere as Date objects.
    static func date(_ value: JSON) -> Date? {
        if let text = value.stringValue { return LCDate(iso: text)?.date }
        return LCDate(json: value)?.date
    }

    /// The current value of a field: an unsaved plain value, else the server's value.
    /// (A pending operation is not a value: it reads as the server's value until saved.)
    public subscript(key: String) -> JSON? {
        if let pending = changes[key], pending[LCWireKey.op] == nil { return pending }
        return serverData[key]
    }

    /// The field's value with its LeanCloud type recognised (dates, pointers, files, …).
    public func value(_ key: String) -> LCValue? { self[key].map(LCValue.init(json:)) }

    /// Sets a field (saved by the next `save`).
    public mutating func set(_ key: String, _ value: some LCValueConvertible) {
        changes[key] = value.lcJSON
    }

    /// Records an atomic operation on a field (saved by the next `save`).
    public mutating func apply(_ operation: LCOperation, to key: String) {
        changes[key] = operation.lcJSON
    }

    /// Removes the field on the next `save`.
    public mutating func unset(_ key: String) { apply(.delete, to: key) }

    /// The object's access control list (`ACL`).
    public var acl: LCACL? {
        get { self["ACL"].map(LCACL.init(json:)) }
        set { changes["ACL"] = newValue?.lcJSON ?? LCOperation.delete.lcJSON }
    }

    /// Whether there are unsaved changes.
    public var hasChanges: Bool { !changes.isEmpty }

    /// A pointer to this object; nil until it has an `objectId`.
    public var pointer: LCPointer? { objectId.map { LCPointer(className: className, objectId: $0) } }

    /// A pointer (objects are referenced, never embedded).
    public var lcJSON: JSON { pointer?.json ?? .null }
}

// MARK: - REST paths

/// REST paths of classes and objects (spec §2.1): the built-in classes use their aliases.
enum LCPaths {
    static func classPath(_ className: String) -> String {
        switch className {
        case "_User": return "/1.1/users"
        case "_Role": return "/1.1/roles"
        case "_Installation": return "/1.1/installations"
        default: return "/1.1/classes/" + className
        }
    }

    static func objectPath(_ className: String, _ objectId: String) -> String {
        classPath(className) + "/" + objectId
    }
}
