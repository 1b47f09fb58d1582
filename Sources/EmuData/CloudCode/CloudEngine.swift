import LCWire

/// An app's LeanEngine app as the endpoints and the tools see it (docs/cloud-code.md): the
/// names it defines, and one POST to it with the headers LeanCloud sends. The HTTP client that
/// implements it lives with the tools (`EmuTools/Engine`); this layer only names what it offers,
/// so the object and user endpoints can call hooks without knowing how the engine is reached.
package protocol CloudEngine: AnyObject, Sendable {
    /// Where it listens, `http://host:port`, for messages.
    var url: String { get }

    /// The names the engine defines (its `_ops/metadatas`): function names, and hooks as
    /// `CloudHook.metadataName` spells them. Asked of the engine the first time and kept until
    /// `reload()`; throws `APIError` (502) when the engine cannot be reached.
    func definitions() throws -> Set<String>

    /// Asks the engine again what it defines (`POST /__admin/engine/reload`).
    @discardableResult
    func reload() throws -> Set<String>

    /// POSTs `body` (JSON text) to `path` of the engine, e.g. `/1.1/functions/Post/beforeSave`,
    /// as LeanCloud does: the app's id and key, the hook key, the caller's session. Returns any
    /// answer the engine gave; throws `APIError` 141 when it took longer than its `kind`'s limit
    /// and 502 when it cannot be reached or answered no HTTP.
    func post(_ path: String, body: [UInt8], caller: EngineCaller, kind: EngineCallKind) throws -> EngineAnswer
}

/// Who caused an engine call: what LCEmu forwards of the request.
package struct EngineCaller: Sendable {
    /// The request's session token, forwarded as `X-LC-Session` (functions).
    package var sessionToken: String?
    /// Whether the request used the master key: the engine then sees the master key too.
    package var isMaster: Bool
    /// The request that caused the call, for the journal.
    package var requestId: String
    /// The request's `X-LC-Prod`, forwarded as it came.
    package var production: String?

    package init(sessionToken: String?, isMaster: Bool, requestId: String, production: String? = nil) {
        self.sessionToken = sessionToken
        self.isMaster = isMaster
        self.requestId = requestId
        self.production = production
    }
}

/// What the engine answered.
package struct EngineAnswer: Sendable {
    package var status: Int
    package var body: [UInt8]

    package init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }

    package var succeeded: Bool { (200..<300).contains(status) }
    /// The body as JSON; nil when it is not JSON.
    package var json: JSON? { try? JSONParser.parse(body) }
    /// A refusal's message: the `error` of `{"code","error"}`, else the body as text.
    package var errorMessage: String {
        json?.objectValue?["error"]?.stringValue ?? String(decoding: body.prefix(1000), as: UTF8.self)
    }
}

extension AppRuntime {
    /// The app's engine; nil when it has none (then functions answer their stubs only and no
    /// hook runs).
    package var engine: (any CloudEngine)? { tools.engine }
}

extension AppToolsState {
    /// No engine, for a tools state that has none.
    package var engine: (any CloudEngine)? { nil }
}

extension LCErrorCode {
    /// An engine that refuses connections or answers no HTTP: the emulator's choice
    /// (docs/compatibility.md), immediate rather than a hang.
    package static func engineUnreachable(_ url: String, _ reason: String) -> LCErrorCode {
        LCErrorCode(code: 1, message: "LeanEngine at \(url) cannot be reached: \(reason).", httpStatus: 502)
    }

    /// An engine whose answer LCEmu cannot read: over `EngineSettings.Limits.answerBytes`,
    /// malformed chunks, a transfer coding other than chunked.
    package static func engineUnreadable(_ url: String, _ reason: String) -> LCErrorCode {
        LCErrorCode(code: 1, message: "LeanEngine at \(url) answered what LCEmu cannot read: \(reason).", httpStatus: 502)
    }
}
