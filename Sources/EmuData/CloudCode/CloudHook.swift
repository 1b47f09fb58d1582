/// The hooks LeanCloud calls, as the engine names them in `_ops/metadatas` and where it serves
/// them (the SDKs' `leanengine` modules: `__before_save_for_<Class>` at
/// `/1.1/functions/<Class>/beforeSave`).
package enum CloudHook: String, Sendable, CaseIterable {
    case beforeSave, afterSave, beforeUpdate, afterUpdate, beforeDelete, afterDelete

    /// `beforeSave` → `__before_save_for_`.
    private var metadataPrefix: String {
        switch self {
        case .beforeSave: "__before_save_for_"
        case .afterSave: "__after_save_for_"
        case .beforeUpdate: "__before_update_for_"
        case .afterUpdate: "__after_update_for_"
        case .beforeDelete: "__before_delete_for_"
        case .afterDelete: "__after_delete_for_"
        }
    }

    package func metadataName(_ className: String) -> String { metadataPrefix + className }
    package func path(_ className: String) -> String { "/1.1/functions/\(className)/\(rawValue)" }

    package var isBefore: Bool { self == .beforeSave || self == .beforeUpdate || self == .beforeDelete }
    package var kind: EngineCallKind { isBefore ? .beforeHook : .otherHook }

    /// The user hooks: `onLogin`, `onAuthData`, `onVerified/<sms|email>`.
    package enum User {
        package static let onLogin = (name: "__on_login__User", path: "/1.1/functions/_User/onLogin")
        package static let onAuthData = (name: "__on_authdata__User", path: "/1.1/functions/_User/onAuthData")
        package static func onVerified(_ type: String) -> (name: String, path: String) {
            ("__on_verified_\(type)", "/1.1/functions/onVerified/\(type)")
        }
    }
}
