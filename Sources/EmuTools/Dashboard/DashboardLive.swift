import Dispatch
import EmuData
import EmuHTTP
import LCWire

/// The dashboard's live connection, per app: `GET /__admin/events` streams server-sent events
/// (docs/dashboard.md, "Live"). A stream receives the `state` (`DashboardState`) at once, then
/// again each time it changed: one look every `tickMilliseconds` while a stream is open, none
/// when none is, and a heartbeat comment every `heartbeatTicks` looks. At most `maxStreams`
/// streams are open per app; one more is refused (503), and the page then polls
/// `GET /__admin/status` instead.
// @unchecked: every mutable property (the streams, the timer, the state's look) is touched on
// `queue` only.
package final class DashboardLive: @unchecked Sendable {
    /// Streams open at once, per app: a few tabs; each costs a socket and one write per change.
    package static let maxStreams = 8
    /// How often the state is looked at while a stream is open: what "as it happens" means.
    static let tickMilliseconds = 250
    /// A comment every 15 s keeps an idle stream alive through whatever is in between.
    static let heartbeatTicks = 60

    private let queue = DispatchQueue(label: "lcemu.dashboard.live")
    private let looks = DashboardState()
    private var writers: [ObjectIdentifier: HTTPStreamWriter] = [:]
    private var timer: DispatchSourceTimer?
    private var lastSent: JSON?
    private var ticks = 0
    /// Set by `endAll`: a stream that arrives later ends at once.
    private var ended = false

    package init() {}

    /// The state now (`GET /__admin/status`).
    package func state(of app: AppRuntime) -> JSON {
        queue.sync { looks.current(of: app) }
    }

    /// A reset happened: the next state says so (`generation`).
    func didReset() {
        queue.async { [self] in looks.didReset() }
    }

    /// Whether one more stream may open (fewer than `maxStreams` are).
    package func hasRoom() -> Bool {
        queue.sync { writers.count < Self.maxStreams }
    }

    /// Follows `app` on `writer` until it closes: the state now, then each change.
    package func follow(_ app: AppRuntime, on writer: HTTPStreamWriter) {
        let key = ObjectIdentifier(writer)
        writer.onClose { [self] in queue.async { [self] in stopFollowing(key) } }
        queue.async { [self] in
            // Two requests may both have found room: the later one ends at once.
            guard writer.isOpen, !ended, writers.count < Self.maxStreams else { return writer.finish() }
            let state = looks.current(of: app)
            writers[key] = writer
            lastSent = state
            writer.write(ServerSentEvent.encode(event: "state", data: state.jsonString))
            startTimer(app)
        }
    }

    /// Ends every stream: the app was dropped (`DELETE /__admin/apps/<id>`), so no change will
    /// come; a page that follows it sees the stream end rather than wait on it for ever.
    package func endAll() {
        queue.async { [self] in
            ended = true
            for writer in writers.values { writer.finish() }
        }
    }

    private func stopFollowing(_ key: ObjectIdentifier) {
        writers[key] = nil
        guard writers.isEmpty else { return }
        timer?.cancel()
        timer = nil
    }

    private func startTimer(_ app: AppRuntime) {
        guard timer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.milliseconds(Self.tickMilliseconds)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(20))
        // The timer holds the app only while a stream is open.
        timer.setEventHandler { [self] in tick(app) }
        self.timer = timer
        timer.resume()
    }

    /// One look: the state to every stream when it changed, else a heartbeat now and then.
    private func tick(_ app: AppRuntime) {
        ticks += 1
        let state = looks.current(of: app)
        let message: [UInt8]
        if state != lastSent {
            lastSent = state
            message = ServerSentEvent.encode(event: "state", data: state.jsonString)
        } else if ticks % Self.heartbeatTicks == 0 {
            message = ServerSentEvent.heartbeat
        } else {
            return
        }
        for writer in writers.values { writer.write(message) }
    }
}
