@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
@testable import EmuTools
import LCWire
import Primitives

extension TestRoutes {
    /// Opens an emulator whose route table is `Routes.make()` plus the test routes, for
    /// `TestServer.start(open: TestRoutes.emulator)`: batch and envelope tests need routes the
    /// product does not have.
    static func emulator(_ configuration: EmulatorConfiguration) throws -> EmulatorServer {
        let log = Log()
        var router = Routes.make()
        register(in: &router, log: log)
        let server = try EmulatorServer(configuration: configuration, router: router)
        logs.withValue { $0[ObjectIdentifier(server)] = log }
        return server
    }

    /// The log of each emulator opened with the test routes (a test reads it through
    /// `TestServer.log`); a new server at a reused address replaces the old entry.
    static let logs = Locked<[ObjectIdentifier: Log]>([:])
}

extension TestServer {
    /// What the test routes of this emulator saw.
    var log: TestRoutes.Log { TestRoutes.logs.current[ObjectIdentifier(emulator)]! }

    /// The stored object, read straight from the database.
    func stored(_ className: String, _ objectId: String) throws -> ObjectRecord? {
        try emulator.app(app.appId)?.database.read { db in
            try ObjectStore.fetch(className: className, objectId: objectId, in: db)
        }
    }
}
