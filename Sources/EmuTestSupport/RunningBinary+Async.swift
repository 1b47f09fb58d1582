extension RunningBinary {
    /// `run`, waiting on a Dispatch thread: a test blocked on a child process would otherwise
    /// hold one of the few threads (one per core) every async test of the run shares, and an
    /// async story whose captcha or code lives a minute could then wait that long.
    public static func runAsync(_ arguments: [String], environment: [String: String] = [:],
                                timeout: Double = defaultTimeout) async throws -> Outcome {
        try await offThePool { try run(arguments, environment: environment, timeout: timeout) }
    }

    /// `start`, waiting for the ready line on a Dispatch thread (as `runAsync` waits).
    public static func startAsync(_ arguments: [String], environment: [String: String] = [:], readyWhen fragment: String,
                                  timeout: Double = defaultTimeout) async throws -> (process: RunningBinary, line: String) {
        try await offThePool { try start(arguments, environment: environment, readyWhen: fragment, timeout: timeout) }
    }

    /// Runs a blocking `body` (a wait for a line, an exit, a socket) on a Dispatch thread.
    public static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await EmuTestSupport.offThePool(body)
    }
}
