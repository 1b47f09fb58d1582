import EmuTestSupport
import Foundation
import LCClient
import Testing

struct ErrorMappingTests {
    @Test func aServerError_carriesCodeMessageAndStatus() async throws {
        let transport = StubTransport(status: 400, json: #"{"code":210,"error":"The username and password mismatch."}"#)
        let error = await #expect(throws: LCError.self) { try await LCApplication.stub(transport).request("POST", "/1.1/login") }
        #expect(error?.code == .usernamePasswordMismatch)
        #expect(error?.message == "The username and password mismatch.")
        #expect(error?.httpStatus == 400)
    }

    @Test func aNon2xxAnswerWithoutCode_usesTheStatusAsCode() async throws {
        let transport = StubTransport { _ in LCHTTPResponse(status: 502, body: Data("Bad Gateway".utf8)) }
        let error = await #expect(throws: LCError.self) { try await LCApplication.stub(transport).request("GET", "/1.1/date") }
        #expect(error?.code.rawValue == 502)
    }

    @Test func aTransportFailure_isAConnectionError_withTheUnderlyingError() async throws {
        let transport = StubTransport { _ in throw URLError(.cannotConnectToHost) }
        let error = await #expect(throws: LCError.self) { try await LCApplication.stub(transport).request("GET", "/1.1/date") }
        #expect(error?.code == .connectionFailed)
        #expect(error?.httpStatus == nil)
        #expect(error?.isTransportError == true)
    }

    @Test func aTimeout_isNamed() async throws {
        let transport = StubTransport { _ in throw URLError(.timedOut) }
        let error = await #expect(throws: LCError.self) { try await LCApplication.stub(transport).request("GET", "/1.1/date") }
        #expect(error?.code == .timedOut)
    }

    @Test func anEmptyObjectForAFetch_isObjectNotFound() async throws {
        let transport = StubTransport(json: "{}")
        let error = await #expect(throws: LCError.self) {
            try await LCObject.get(className: "Post", objectId: "0123456789abcdef01234567", in: .stub(transport))
        }
        #expect(error?.code == .objectNotFound)
    }

    @Test func aCancelledTask_cancelsTheTransportCall() async throws {
        let started = AsyncStream<Void>.makeStream()
        let transport = StubTransport { _ in
            started.continuation.yield()
            try await Task.sleep(for: .seconds(60))
            return StubTransport.json(200, "{}")
        }
        let task = Task { try await LCApplication.stub(transport).request("GET", "/1.1/date") }
        for await _ in started.stream { break }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
