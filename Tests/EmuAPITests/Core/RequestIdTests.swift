import EmuData
import EmuHTTP
@testable import EmuRouting
import Testing

/// Request ids are kept as the pipeline's counter and written in hex only when read (`RequestId`):
/// the text is what `Hex.encode` wrote when every id was written as its request arrived.
@Suite struct RequestIdTests {
    @Test(arguments: [(UInt64(1), "1"), (0, "0"), (0x1f, "1f"), (0xabc_def0, "abcdef0"), (UInt64.max, "ffffffffffffffff")])
    func counter_isWrittenInLowercaseHex(counter: UInt64, text: String) {
        #expect(RequestId(counter: counter).text == text)
    }

    @Test func text_isKeptAsGiven() {
        #expect(RequestId("sub-7").text == "sub-7")
        let context = RequestContext<AppRuntime?>(http: HTTPRequest(method: "GET", target: "/", path: "/"), parameters: [:],
                                                  requestId: "r1", app: nil, isMaster: false)
        #expect(context.requestId == "r1")
    }
}
