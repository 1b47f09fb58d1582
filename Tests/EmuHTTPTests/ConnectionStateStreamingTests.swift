@testable import EmuHTTP
import Testing

/// The connection state of a streamed answer (`HTTPStream`): what it watches and waits for, and
/// every way it ends. The sockets that drive it: `StreamedResponseTests`.
@Suite("Connection state: streaming")
struct ConnectionStateStreamingTests {
    typealias State = ConnectionState

    @Test func aStream_sendsItsHead_thenWatchesOnlyForThePeerLeaving() {
        var state = State.awaitingResponse(closeAfter: false)
        #expect(state.streamReady(stopping: false) == .startStream)
        #expect(state == .streaming(flushing: true) && state.interest == .write && state.deadline(phase: .idle) == .write)
        #expect(state.written() == .none)
        #expect(state == .streaming(flushing: false) && state.interest == .read && state.deadline(phase: .idle) == .none)
        #expect(!state.readsRequests)
        #expect(state.streamWritten() == .flush)
        #expect(state.writable() == .flush)
        #expect(state.written() == .none)
        #expect(state.peerClosed() == .close && state == .closed)
    }

    @Test func whileStopping_orAfterThePeerFinished_onlyTheHeadIsSent() {
        var stopping = State.awaitingResponse(closeAfter: false)
        #expect(stopping.streamReady(stopping: true) == .sendResponse(persistent: false))
        #expect(stopping == .writing(thenClose: true))
        var halfClosed = State.awaitingResponse(closeAfter: true)
        #expect(halfClosed.streamReady(stopping: false) == .sendResponse(persistent: false))
    }

    @Test func finishing_closesAfterWhatWaits_andShutdownOrADeadlineClosesAtOnce() {
        var idle = State.streaming(flushing: false)
        #expect(idle.streamFinished() == .close && idle == .closed)
        var flushing = State.streaming(flushing: true)
        #expect(flushing.streamFinished() == .none && flushing == .writing(thenClose: true))
        #expect(flushing.written() == .close)
        var stopping = State.streaming(flushing: false)
        #expect(stopping.shutdownBegan(phase: .idle) == .close && stopping == .closed)
        var stuck = State.streaming(flushing: true)
        #expect(stuck.deadlinePassed(phase: .idle) == .close)
        var other = State.reading(fresh: false)
        #expect(other.streamWritten() == .none && other.streamFinished() == .none && other == .reading(fresh: false))
    }
}
