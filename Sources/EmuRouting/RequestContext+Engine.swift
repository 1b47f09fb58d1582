import EmuData
import LCWire

extension RequestContext {
    /// What an engine call forwards of this request (docs/cloud-code.md): its session, whether
    /// it used the master key, its id for the journal, its `X-LC-Prod`.
    package var engineCaller: EngineCaller {
        EngineCaller(sessionToken: sessionToken, isMaster: isMaster, requestId: requestId,
                     production: http.headers[LCHeaderName.prod])
    }
}
