import EmuAPI

extension RunningBinary {
    /// A test client for one of the running binary's apps, over loopback.
    public func client(app: AppConfiguration = .development, credentials: TestClient.Credentials = .signedAppKey) -> TestClient {
        TestClient(transport: .live(host: "127.0.0.1", port: port), app: app, credentials: credentials)
    }
}
