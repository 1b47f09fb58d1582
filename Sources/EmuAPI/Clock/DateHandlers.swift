import EmuHTTP
import LCWire

/// `GET /1.1/date`: the server's time as a Date object (§11), read from the emulator clock.
enum DateHandlers {
    static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/1.1/date", APIRoute(access: .app) { request in
            APIResponse(json: try request.requiredApp.clock.now.json)
        })
    }
}
