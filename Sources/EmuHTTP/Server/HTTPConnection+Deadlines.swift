extension HTTPConnection {
    /// Starts the deadline that fits what the connection is waiting for. A running deadline of the
    /// same kind is kept, so a head trickled in byte by byte still times out (slowloris).
    func updateDeadline() {
        let kind: DeadlineKind
        if awaitingResponse {
            kind = .none
        } else if outboundOffset < outbound.count {
            kind = .write
        } else {
            switch parser.phase {
            case .idle: kind = servedRequests == 0 ? .head : .idle
            case .head: kind = .head
            case .body: kind = .body
            }
        }
        guard kind != deadlineKind else { return }
        deadlineKind = kind
        let configuration = context.configuration
        let seconds: Double
        switch kind {
        case .none: deadline = 0; return
        case .idle, .write: seconds = configuration.idleTimeout
        case .head: seconds = configuration.headerReadTimeout
        case .body: seconds = configuration.bodyReadTimeout
        }
        deadline = MonotonicClock.now() &+ seconds.nanoseconds
    }

    /// Called by the server's sweeper on this connection's executor.
    func checkDeadline(now: UInt64) {
        guard !closed, deadline != 0, now >= deadline else { return }
        switch deadlineKind {
        case .head where parser.phase != .idle, .body:
            // A request was started but not finished in time: RFC 9110 §15.5.9.
            deadline = 0
            deadlineKind = .none
            reject(status: 408, reason: "request not received in time")
        default:
            close()
        }
    }
}
