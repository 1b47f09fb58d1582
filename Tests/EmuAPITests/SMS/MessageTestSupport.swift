@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
@testable import EmuTools
import LCWire

extension TestServer {
    /// An emulator whose default app has these captcha/SMS options.
    static func start(_ tier: Tier = .socket, messages: (inout MessageOptions) -> Void) throws -> TestServer {
        try start(tier, configure: { messages(&$0.apps[0].options.messages) })
    }
}

/// The outbox reads and clock moves the message tests share.
enum MessageTestSupport {
    static func app(_ emulator: TestServer) throws -> AppRuntime {
        guard let app = emulator.emulator.app(emulator.app.appId) else { throw TestFailure("no app") }
        return app
    }

    /// The newest outbox code for `to`, read over HTTP as a test outside the process would.
    static func outboxCode(_ emulator: TestServer, _ query: String) throws -> String? {
        let response = try emulator.inProcessClient(credentials: .masterKey).get("/__admin/outbox?\(query)")
        return response.json?["results"]?[0]?["code"]?.stringValue
    }

    /// Moves the emulator clock through the admin side door.
    static func advance(_ emulator: TestServer, _ amount: String) {
        _ = try? emulator.inProcessClient(credentials: .masterKey).post("/__admin/clock", json: ["advance": .string(amount)])
    }

    struct TestFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
