import Dispatch

extension HTTPConnection {
    func enqueue(_ bytes: [UInt8]) {
        if outboundOffset >= outbound.count {
            outbound = bytes
            outboundOffset = 0
        } else {
            outbound.append(contentsOf: bytes)
        }
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
        outbound = []
        outboundOffset = 0
        if closeAfterFlush && !awaitingResponse {
            close()
            return false
        }
        return true
    }

    func waitForWritable() {
        suspendReading()
        if writeSource == nil {
            let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { [unowned self] in onWritable() }
            source.setCancelHandler { [self] in sourceCancelled() }
            liveSources += 1
            writeSource = source
        }
        if writeSuspended {
            writeSuspended = false
            writeSource?.resume()
        }
        updateDeadline()
    }

    private func onWritable() {
        guard !closed else { return }
        guard flush() else { return }
        if !writeSuspended {
            writeSuspended = true
            writeSource?.suspend()
        }
        if readWaitsForWritable {
            readWaitsForWritable = false
            return onReadable()
        }
        processBuffered()
    }

    func suspendReading() {
        guard !readSuspended, let source = readSource else { return }
        readSuspended = true
        source.suspend()
    }

    func resumeReading() {
        guard readSuspended, let source = readSource else { return }
        readSuspended = false
        source.resume()
    }

    /// Closes the connection. The descriptor itself is closed only once every Dispatch source on
    /// it has been cancelled, as Dispatch requires.
    func close() {
        guard !closed else { return }
        closed = true
        deadline = 0
        if let source = readSource {
            source.cancel()
            if readSuspended { readSuspended = false; source.resume() }
        }
        if let source = writeSource {
            source.cancel()
            if writeSuspended { writeSuspended = false; source.resume() }
        }
        if liveSources == 0 { closeDescriptor() }
        context.registry.remove(self)
    }

    func sourceCancelled() {
        liveSources -= 1
        if liveSources == 0 { closeDescriptor() }
    }

    private func closeDescriptor() {
        readSource = nil
        writeSource = nil
        transport.shutdown()
        Platform.close(fd)
    }
}
