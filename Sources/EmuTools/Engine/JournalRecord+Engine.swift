import EmuData
import EmuRouting
import LCWire

extension JournalRecord {
    /// The record as `GET /__admin/requests` lists it; for an app with an engine, with the engine
    /// calls its request caused beside it, oldest first (`engineCalls`), read when listed, so the
    /// after-hooks that ran after the answer are there too (docs/cloud-code.md).
    func json(engine: EngineClient?) -> JSON {
        guard let engine, case .object(var object) = json else { return json }
        let requestId = requestId?.text
        let calls = requestId.map { engine.calls.calls(of: $0).reversed().map(\.json) } ?? []
        object["engineCalls"] = .array(Array(calls))
        object["requestId"] = requestId.map(JSON.string) ?? .null  // what `GET /__admin/engine?requestId=` takes
        return .object(object)
    }
}
