import EmuAPI
import EmuTestSupport
import Foundation
import Testing

/// A real Node.js `http` server as the engine: it frames an answer it writes in pieces with
/// `Transfer-Encoding: chunked`, as a `leanengine` app's Express server does, and LCEmu decodes
/// it (docs/cloud-code.md). Skipped, saying so, where `node` is not installed.
@Suite struct NodeChunkedEngineTests {
    static let node = executableOnPath("node")

    /// Defines `hello`; answers it in two writes 50 ms apart (no length: chunked), on a free
    /// loopback port it prints.
    static let script = """
        const http = require('http')
        const server = http.createServer((req, res) => {
          res.setHeader('Content-Type', 'application/json')
          if (req.url.endsWith('/_ops/metadatas')) return res.end('{"result":["hello"]}')
          res.write('{"result":')
          setTimeout(() => res.end('"hello from node"}'), 50)
        })
        server.listen(0, '127.0.0.1', () => console.log(server.address().port))
        """

    @Test(.enabled(if: node != nil, "node is not installed here: the real Node engine is not run (skipped)"))
    func aNodeEnginesChunkedAnswer_isDecoded() throws {
        let directory = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.node))
        process.arguments = [try directory.write("engine.js", Self.script)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        let port = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Int(port) != nil, "node printed \(port.debugDescription)")
        let emulator = try TestServer.start(engine: "http://127.0.0.1:\(port)")
        let response = try emulator.client().post("/1.1/functions/hello", json: [:])
        #expect(response.status == 200)
        #expect(response.text == #"{"result":"hello from node"}"#)
    }
}
