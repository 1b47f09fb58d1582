import LCWire

/// Errors of the object API whose wording names a key, a class or an id. Codes follow the
/// spec's table (§9); the choices where it is silent are listed in docs/compatibility.md.
extension LCErrorCode {
    /// 101 with the batch example's wording (§2.5, §4.1): a PUT of an id that does not exist.
    /// The batch answers code 1; a direct PUT answers 101 with HTTP 404, like a missing class.
    package static func objectNotFoundForUpdate(objectId: String, className: String) -> LCErrorCode {
        objectNotFound.with(message: "Could not find object by id '\(objectId)' for class '\(className)'.")
    }

    /// 111 — the value's type differs from the type the class fixed for the key.
    package static func invalidType(key: String, expected: String, got: String) -> LCErrorCode {
        incorrectFieldType.with(message: "Invalid type for key '\(key)', expected '\(expected)', but got '\(got)'.")
    }

    /// 111 — a typed value (`__type`) that is malformed or unknown.
    package static func invalidTypedValue(key: String, detail: String) -> LCErrorCode {
        incorrectFieldType.with(message: "Invalid value for key '\(key)': \(detail).")
    }

    /// 1 — an `__op` object that cannot be applied as written (unknown name, missing operand).
    package static func invalidOperation(key: String, detail: String) -> LCErrorCode {
        internalServerError.with(message: "Invalid operation for key '\(key)': \(detail).")
    }

    /// 1 — a `where` condition with an unknown operator or a malformed operand.
    package static func invalidQuery(_ detail: String) -> LCErrorCode {
        internalServerError.with(message: "Invalid query: \(detail).")
    }
}
