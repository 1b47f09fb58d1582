import Dispatch
import EmuData

extension EmulatorServer {
    /// Asks each app's engine what it defines once the server listens, off the caller's thread,
    /// and says what it found (docs/cloud-code.md). An engine not up yet is asked again when a
    /// function or a write first needs it, so it may start after the emulator.
    func probeEngines() {
        for app in apps.values {
            guard let engine = app.engine else { continue }
            let appId = app.configuration.appId, logger = logger
            DispatchQueue.global().async {
                do {
                    let names = try engine.reload()
                    logger.info("app \(appId): engine \(engine.url) defines \(names.count) functions and hooks")
                } catch {
                    logger.warning("app \(appId): engine \(engine.url) not reachable yet; asked again when needed (\(error))")
                }
            }
        }
    }
}
