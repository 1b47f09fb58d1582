import EmuAPI
import EmuData
import EmuTestSupport
import Foundation
import LCWire
import Testing

/// An engine's answer framed as real WSGI and Node servers frame it: `Transfer-Encoding:
/// chunked` is decoded; an answer LCEmu cannot read (over 20 MiB, malformed chunks, another
/// transfer coding) is a clear 502 at once; the call's one deadline holds for a chunked answer
/// too (docs/cloud-code.md, "When the engine is slow or down").
@Suite struct EngineAnswerFramingTests {
    static let chunked = "Transfer-Encoding: chunked"

    /// `/1.1/functions/hello` of an emulator whose engine answers `response`.
    func call(_ response: [UInt8], interval: Double = 0, timeout: Double? = nil) throws -> (TestClient.Response, String) {
        let engine = try RawEngine(defines: ["hello"], response: response, interval: interval)
        let emulator = try TestServer.start(engine: engine.url, timeout: timeout)
        return (try emulator.client().post("/1.1/functions/hello", json: [:]), engine.url)
    }

    @Test func aChunkedAnswer_isDecoded_evenAByteAtATime() throws {
        // Three chunks, one with an extension, and a trailer field, as a server may send them.
        let body = "9\r\n{\"result\"\r\nA;name=value\r\n:{\"n\":\"ok\"\r\n2\r\n}}\r\n0\r\nX-Trailer: t\r\n\r\n"
        for interval in [0, 0.002] {
            let (response, _) = try call(RawEngine.framed([Self.chunked], body), interval: interval)
            #expect(response.status == 200, "interval \(interval)")
            #expect(response.text == #"{"result":{"n":"ok"}}"#, "interval \(interval)")
        }
    }

    @Test func aChunkedBeforeSaveAnswer_changesTheObject() throws {
        let object = #"{"title":"changed"}"#
        let body = String(object.utf8.count, radix: 16) + "\r\n" + object + "\r\n0\r\n\r\n"
        let engine = try RawEngine(defines: ["__before_save_for_Post"], response: RawEngine.framed([Self.chunked], body))
        let emulator = try TestServer.start(engine: engine.url)
        let created = try emulator.client().post("/1.1/classes/Post", json: ["title": "sent"])
        #expect(created.status == 201)
        let id = try #require(created.json?["objectId"]?.stringValue)
        #expect(try emulator.client().get("/1.1/classes/Post/\(id)").json?["title"] == "changed")
    }

    /// What LCEmu says of an answer it cannot read, and that it says it at once.
    static let unreadable: [(head: [String], body: String, reason: String)] = [
        // A chunk announced past the limit is refused before its data (none is sent here).
        ([chunked], "1400001\r\n", "a body larger than 20971520 bytes"),
        (["Content-Length: 20971521"], "", "a body larger than 20971520 bytes"),
        ([chunked], "zz\r\n{}\r\n0\r\n\r\n", "a malformed chunked body (invalid chunk size)"),
        ([chunked], "2\r\n{}xx0\r\n\r\n", "a malformed chunked body (missing CRLF after chunk data)"),
        ([chunked], "2\r\n{}\r\n0\r\nnocolon\r\n\r\n", "a malformed chunked body (trailer field: invalid header field name)"),
        (["Transfer-Encoding: gzip, chunked"], "0\r\n\r\n", "Transfer-Encoding 'gzip, chunked', of which only chunked is read"),
    ]

    @Test(arguments: unreadable)
    func anAnswerLCEmuCannotRead_isA502AtOnce_sayingWhy(head: [String], body: String, reason: String) throws {
        let started = Date()
        let (response, url) = try call(RawEngine.framed(head, body))
        #expect(response.status == 502)
        #expect(response.json == ["code": 1, "error": .string("LeanEngine at \(url) answered what LCEmu cannot read: \(reason).")])
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func anAnswerReadToTheConnectionsEnd_isBoundedToo() throws {
        let oversized = String(repeating: "a", count: EngineSettings.Limits.answerBytes + 1)
        let (response, url) = try call(RawEngine.framed(["Connection: close"], oversized))
        #expect(response.json?["error"] == .string("LeanEngine at \(url) answered what LCEmu cannot read: a body larger than 20971520 bytes."))
    }

    @Test func aChunkedAnswerThatTrickles_is141_onceTheWholeCallOutlivesTheLimit() throws {
        // ~130 bytes (head and chunks) 50 ms apart: about 6 s in all, every read quick.
        let body = "2\r\n{}\r\n" + String(repeating: "1\r\n \r\n", count: 5) + "0\r\n\r\n"
        let started = Date()
        let (response, _) = try call(RawEngine.framed([Self.chunked], body), interval: 0.05, timeout: 0.5)
        #expect(response.status == 503)
        #expect(response.text == #"{"code":141,"error":"LeanEngine request timeout."}"#)
        #expect(Date().timeIntervalSince(started) < 2)
    }
}
