import Dispatch

extension HTTPConnection {
    func enqueue(_ bytes: [UInt8]) {
        if outboundOffset >= outbound.count { clearOutbound() }
        outbound.append(contentsOf: bytes)
    }

    /// Encodes an answer after whatever is still to be sent, into the buffer kept from earlier
    /// answers (no buffer of its own).
    func enqueue(_ response: HTTPResponse, headRequest: Bool = false, connection: HTTPResponseEncoder.ConnectionDirective) {
        if outboundOffset >= outbound.count { clearOutbound() }
        HTTPResponseEncoder.encode(response, headRequest: headRequest, connection: connection, date: dateStamp.current(),
                                   appendingTo: &outbound)
    }

    /// Sends as much as the socket takes. Returns true when everything went out. When the socket
    /// is full, waits for writability with a write source (created once, then suspended/resumed).
    @discardableResult
    func flush() -> Bool {
        while outboundOffset < outbound.count {
            let result = outbound.withUnsafeBytes { bytes in
                transport.send(UnsafeRawBufferPointer(rebasing: bytes[outboundOffset...]))
            }
            switch result {
            case .transferred(let n): outboundOffset += n
            case .wouldBlock(.writable):
                waitForWritable()
                return false
            case .wouldBlock(.readable), .closed, .failed:
                // TLS wants to read in the middle of a write only to renegotiate, which is off.
                close()
                return false
            }
        }
        clearOutbound()
        if closeAfterFlush && !awaitingResponse {
            close()
            return false
        }
        return true
    }

    /// Empties the output buffer. Up to `keptOutboundCapacity` its memory stays for the next answer
    /// (a typical answer is well under 1 KiB), so a keep-alive connection encodes without
    /// allocating; a larger buffer (a file, a long page) is freed, so idle connections stay small.
    func clearOutbound() {
        if outbound.capacity <= Self.keptOutboundCapacity {
            outbound.removeAll(keepingCapacity: true)
        } else {
            outbound = []
        }
        outboundOffset = 0
    }

    static let keptOutboundCapacity = 4 * 1024

    func waitForWritable() {
        setInterest(.write)
        updateDeadline()
    }

    func onWritable() {
        guard !closed else { return }
        guard flush() else { return }
        setInterest(.none)
        if readWaitsForWritable {
            readWaitsForWritable = false
            return onReadable()
        }
        processBuffered()
    }

    func suspendReading() {
        if interest == .read { setInterest(.none) }
    }

    func resumeReading() {
        if interest == .none { setInterest(.read) }
    }

    private func setInterest(_ wanted: SocketInterest) {
        guard wanted != interest, !closed else { return }
        interest = wanted
        watcher.watch(wanted)
    }

    /// Closes the connection. The descriptor itself is closed once the watch lets go of it
    /// (Dispatch requires every source on it cancelled first).
    func close() {
        guard !closed else { return }
        closed = true
        deadline = 0
        interest = .none
        watcher.stop { [self] in
            transport.shutdown()
            Platform.close(fd)
        }
        context.registry.remove(self)
    }
}
