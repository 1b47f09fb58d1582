@testable import EmuHTTP
import Testing

/// The connection's state machine as a value: every transition, and the events that arrive in a
/// state that does not expect them. The sockets that drive it: `EventModelTests`,
/// `PipeliningTests`, `HTTPServerLifecycleTests`.
@Suite("Connection state")
struct ConnectionStateTests {
    typealias State = ConnectionState

    // MARK: A request's round trip

    @Test func aFreshConnection_readsWithTheHeadDeadline() {
        let state = State.reading(fresh: true)
        #expect(state.interest == .read)
        #expect(state.readsRequests)
        #expect(state.deadline(phase: .idle) == .head)
        #expect(state.deadline(phase: .head) == .head)
        #expect(state.deadline(phase: .body) == .body)
    }

    @Test func aRequest_awaitsItsAnswerWithoutReadingOrDeadline() {
        var state = State.reading(fresh: true)
        #expect(state.requestReceived() == .none)
        #expect(state == .awaitingResponse(closeAfter: false))
        #expect(state.interest == .none)
        #expect(!state.readsRequests)
        #expect(state.deadline(phase: .idle) == .none)
        #expect(state.deadline(phase: .head) == .none)
    }

    @Test func aKeptAliveAnswer_isWrittenThenTheNextRequestIsRead() {
        var state = State.awaitingResponse(closeAfter: false)
        #expect(state.responseReady(keepAlive: true, stopping: false) == .sendResponse(persistent: true))
        #expect(state == .writing(thenClose: false))
        #expect(state.interest == .write)
        #expect(state.deadline(phase: .idle) == .write)
        #expect(state.written() == .none)
        #expect(state == .reading(fresh: false))
        #expect(state.deadline(phase: .idle) == .idle)
    }

    @Test func anAnswerThatClosesTheConnection_closesOnceWritten() {
        var state = State.awaitingResponse(closeAfter: false)
        #expect(state.responseReady(keepAlive: false, stopping: false) == .sendResponse(persistent: false))
        #expect(state == .writing(thenClose: true))
        #expect(state.written() == .close)
        #expect(state == .closed)
        #expect(state.interest == .none)
        #expect(state.deadline(phase: .idle) == .none)
    }

    @Test func aFullSocket_waitsForWritabilityThenFlushes() {
        var state = State.writing(thenClose: false)
        #expect(state.writable() == .flush)
        #expect(state == .writing(thenClose: false))
    }

    @Test func continueExpected_writesAnInterimAnswerThenReadsTheBody() {
        var state = State.reading(fresh: true)
        #expect(state.continueExpected() == .sendContinue)
        #expect(state == .writing(thenClose: false))
        #expect(state.written() == .none)
        #expect(state == .reading(fresh: false))
        #expect(state.deadline(phase: .body) == .body)
    }

    @Test func aMalformedRequest_isRejectedAndTheConnectionClosed() {
        var state = State.reading(fresh: false)
        #expect(state.requestFailed(status: 431) == .reject(status: 431))
        #expect(state == .writing(thenClose: true))
        #expect(state.written() == .close)
        #expect(state == .closed)
    }

    // MARK: Events out of turn

    @Test func aRequestWhileWritingOrAwaiting_closesRatherThanAnswerOutOfOrder() {
        for busy in [State.writing(thenClose: false), .awaitingResponse(closeAfter: false), .readingAfterWritable(fresh: true)] {
            var state = busy
            #expect(state.requestReceived() == .close)
            #expect(state == .closed)
        }
        var closed = State.closed
        #expect(closed.requestReceived() == .none)
        #expect(closed == .closed)
    }

    @Test func continueOrFailureOutOfTurn_closes() {
        var writing = State.writing(thenClose: false)
        #expect(writing.continueExpected() == .close)
        #expect(writing == .closed)
        var awaiting = State.awaitingResponse(closeAfter: false)
        #expect(awaiting.requestFailed(status: 400) == .close)
        #expect(awaiting == .closed)
    }

    @Test func anAnswerNobodyAwaits_isDropped() {
        for state in [State.reading(fresh: false), .writing(thenClose: false), .closed, .readingAfterWritable(fresh: false)] {
            var changed = state
            #expect(changed.responseReady(keepAlive: true, stopping: false) == .none)
            #expect(changed == state)
        }
    }

    @Test func writtenOrWritableOutOfTurn_changesNothing() {
        for state in [State.reading(fresh: false), .awaitingResponse(closeAfter: true), .closed] {
            var changed = state
            #expect(changed.written() == .none)
            #expect(changed.writable() == .none)
            #expect(changed == state)
        }
    }

    // MARK: The peer's half-close

    @Test func aPeerThatFinishesSendingBetweenRequests_isClosed() {
        for reading in [State.reading(fresh: true), .reading(fresh: false), .readingAfterWritable(fresh: false)] {
            var state = reading
            #expect(state.peerClosed() == .close)
            #expect(state == .closed)
        }
    }

    @Test func aPeerThatFinishesSendingBeforeItsAnswer_getsItThenTheConnectionCloses() {
        var state = State.awaitingResponse(closeAfter: false)
        #expect(state.peerClosed() == .none)
        #expect(state == .awaitingResponse(closeAfter: true))
        #expect(state.interest == .none)
        #expect(state.responseReady(keepAlive: true, stopping: false) == .sendResponse(persistent: false))
        #expect(state.written() == .close)
        #expect(state == .closed)
    }

    @Test func aPeerThatFinishesSendingWhileItsAnswerIsWritten_closesAfterIt() {
        var state = State.writing(thenClose: false)
        #expect(state.peerClosed() == .none)
        #expect(state == .writing(thenClose: true))
        #expect(state.written() == .close)
        var closed = State.closed
        #expect(closed.peerClosed() == .none)
    }

    // MARK: TLS reads that must write first

    @Test func aReadThatNeedsWritability_readsAgainOnceWritable() {
        var state = State.reading(fresh: true)
        state.readNeedsWritable()
        #expect(state == .readingAfterWritable(fresh: true))
        #expect(state.interest == .write)
        #expect(!state.readsRequests)
        #expect(state.deadline(phase: .idle) == .head)
        #expect(state.writable() == .read)
        #expect(state == .reading(fresh: true))
    }

    @Test func readNeedsWritable_outsideReading_changesNothing() {
        var state = State.awaitingResponse(closeAfter: false)
        state.readNeedsWritable()
        #expect(state == .awaitingResponse(closeAfter: false))
    }

    // MARK: Deadlines

    @Test func aSilentOrIdleConnection_isClosedAtItsDeadline() {
        for reading in [State.reading(fresh: true), .reading(fresh: false), .readingAfterWritable(fresh: true)] {
            var state = reading
            #expect(state.deadlinePassed(phase: .idle) == .close)
            #expect(state == .closed)
        }
    }

    @Test func aDeadlineDuringAHeadOrBody_answers408AndCloses() {
        for phase in [HTTPRequestParser.Phase.head, .body] {
            var state = State.reading(fresh: false)
            #expect(state.deadlinePassed(phase: phase) == .reject(status: 408))
            #expect(state == .writing(thenClose: true))
        }
    }

    @Test func aPeerThatDoesNotTakeItsAnswer_isClosedAtTheDeadline() {
        var state = State.writing(thenClose: false)
        #expect(state.deadlinePassed(phase: .idle) == .close)
        #expect(state == .closed)
    }

    @Test func noDeadlinePasses_whileAwaitingOrClosed() {
        for quiet in [State.awaitingResponse(closeAfter: false), .closed] {
            var state = quiet
            #expect(state.deadlinePassed(phase: .body) == .none)
            #expect(state == quiet)
        }
    }

    // MARK: Graceful shutdown

    @Test func shutdownWhileIdle_closesNow() {
        for idle in [State.reading(fresh: true), .reading(fresh: false), .readingAfterWritable(fresh: true)] {
            var state = idle
            #expect(state.shutdownBegan(phase: .idle) == .close)
            #expect(state == .closed)
        }
    }

    @Test func shutdownWhileARequestArrives_letsItBeAnsweredWithClose() {
        var state = State.reading(fresh: false)
        #expect(state.shutdownBegan(phase: .body) == .none)
        #expect(state == .reading(fresh: false))
        #expect(state.requestReceived() == .none)
        #expect(state.responseReady(keepAlive: true, stopping: true) == .sendResponse(persistent: false))
        #expect(state.written() == .close)
    }

    @Test func shutdownWhileBusy_closesAfterTheAnswer() {
        var state = State.awaitingResponse(closeAfter: false)
        #expect(state.shutdownBegan(phase: .idle) == .none)
        #expect(state == .awaitingResponse(closeAfter: true))
        #expect(state.responseReady(keepAlive: true, stopping: false) == .sendResponse(persistent: false))
        #expect(state == .writing(thenClose: true))
    }

    @Test func shutdownWhileWriting_closesAfterTheWriteUnlessRequestsWait() {
        var idle = State.writing(thenClose: false)
        #expect(idle.shutdownBegan(phase: .idle) == .none)
        #expect(idle == .writing(thenClose: true))
        var pipelined = State.writing(thenClose: false)
        #expect(pipelined.shutdownBegan(phase: .head) == .none)
        #expect(pipelined == .writing(thenClose: false))
    }

    @Test func forceClose_closesOnce() {
        for open in [State.reading(fresh: true), .awaitingResponse(closeAfter: false), .writing(thenClose: true),
                     .readingAfterWritable(fresh: false)] {
            var state = open
            #expect(state.forceClose() == .close)
            #expect(state == .closed)
            #expect(state.forceClose() == .none)
            #expect(state.shutdownBegan(phase: .idle) == .none)
        }
    }
}
