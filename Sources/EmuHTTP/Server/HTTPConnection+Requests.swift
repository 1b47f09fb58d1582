import Dispatch

extension HTTPConnection {
    /// Answers buffered requests one at a time, in order (RFC 9112 §9.3.2 pipelining), until one
    /// is answered asynchronously, a write blocks, or the buffer holds no complete request.
    func processBuffered() {
        while !closed && !awaitingResponse && !closeAfterFlush && outboundOffset >= outbound.count {
            let event: HTTPParserEvent?
            do {
                event = try parser.next()
            } catch {
                let parseError = error as? HTTPParseError ?? .badRequest("\(error)")
                return reject(status: parseError.status, reason: "\(parseError)")
            }
            guard let event else { break }
            switch event {
            case .continueExpected:
                enqueue(HTTPResponseEncoder.continueResponse)
                _ = flush()
            case .request(let request):
                dispatch(request)
            }
        }
        guard !closed else { return }
        updateDeadline()
        if !awaitingResponse && outboundOffset >= outbound.count && !closeAfterFlush { resumeReading() }
    }

    private func dispatch(_ request: HTTPRequest) {
        awaitingResponse = true
        servedRequests += 1
        let gate = ResponseGate(connection: self, request: request)
        context.handler.handle(request, respond: gate.respond)
        if let response = gate.handlerDidReturn() {
            complete(response, gate: gate)
        } else {
            suspendReading()  // backpressure while the handler works elsewhere
        }
    }

    func complete(_ response: HTTPResponse, gate: ResponseGate) {
        guard !closed, awaitingResponse else { return }
        awaitingResponse = false
        let persistent = gate.keepAlive && !draining && !closeAfterFlush && !context.stopping.current
        let directive: HTTPResponseEncoder.ConnectionDirective = !persistent ? .close : (gate.http10 ? .keepAliveHTTP10 : .persistent)
        if !persistent { closeAfterFlush = true }
        enqueue(response, headRequest: gate.isHead, connection: directive)
        _ = flush()
    }

    /// Answers a framing error or a timeout with an error response and closes: after a framing
    /// error the rest of the byte stream cannot be trusted (RFC 9112 §6.3).
    func reject(status: Int, reason: String) {
        closeAfterFlush = true
        let response = context.errorResponder(status, reason)
        enqueue(response, connection: .close)
        _ = flush()
    }

    /// Starts a graceful shutdown of this connection: idle ones close now, busy ones after
    /// the response in flight.
    func beginDrain() {
        guard !closed else { return }
        draining = true
        if !awaitingResponse && parser.phase == .idle && outboundOffset >= outbound.count { close() }
    }
}
