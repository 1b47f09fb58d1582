import EmuHTTP
import Testing
import Primitives

/// A name/value pair that can be compared, for query parameters and header fields.
struct Field: Equatable, Sendable, CustomStringConvertible {
    var name: String
    var value: String
    init(_ name: String, _ value: String) { self.name = name; self.value = value }
    var description: String { "\(name)=\(value)" }
}

/// An `HTTPRequest` reduced to comparable values.
struct RequestSnapshot: Equatable, Sendable {
    var method: String
    var target: String
    var path: String
    var query: [Field]
    var version: HTTPVersion
    var headers: [Field]
    var body: [UInt8]

    init(_ request: HTTPRequest) {
        method = request.method
        target = request.target
        path = request.path
        query = request.query.map { Field($0.name, $0.value) }
        version = request.version
        headers = request.headers.map { Field($0.name, $0.value) }
        body = request.body
    }
}

/// Everything a parser reported while being fed one input.
struct Transcript: Equatable, Sendable {
    enum Event: Equatable, Sendable {
        case continueExpected
        case request(RequestSnapshot)
        /// A thrown `HTTPParseError`, by status.
        case failure(status: Int)
    }

    var events: [Event] = []
    /// The phase after the last byte was fed (or when the error was thrown).
    var finalPhase: HTTPRequestParser.Phase = .idle

    var requests: [RequestSnapshot] {
        events.compactMap { if case .request(let request) = $0 { request } else { nil } }
    }

    var failureStatus: Int? {
        events.lazy.compactMap { if case .failure(let status) = $0 { status } else { nil } }.first
    }

    /// The transcript without `100 Continue` events, which legitimately depend on how the
    /// bytes were split.
    var withoutContinue: Transcript {
        Transcript(events: events.filter { $0 != .continueExpected }, finalPhase: finalPhase)
    }
}

/// How a raw input is cut into the pieces handed to `append`.
enum FeedStyle: Sendable, CustomTestStringConvertible, CaseIterable {
    case whole
    case byteByByte
    case randomSplits(seed: UInt64)

    static let allCases: [FeedStyle] = [
        .whole, .byteByByte, .randomSplits(seed: 1), .randomSplits(seed: 42), .randomSplits(seed: 2024),
    ]

    var testDescription: String {
        switch self {
        case .whole: "whole"
        case .byteByByte: "byte by byte"
        case .randomSplits(let seed): "random splits, seed \(seed)"
        }
    }

    func pieces(of bytes: [UInt8]) -> [[UInt8]] {
        switch self {
        case .whole:
            return [bytes]
        case .byteByByte:
            return bytes.map { [$0] }
        case .randomSplits(let seed):
            var generator = SeededRandom(seed: seed)
            var pieces: [[UInt8]] = []
            var start = 0
            while start < bytes.count {
                let length = Int.random(in: 1...max(2, bytes.count / 4), using: &generator)
                let end = min(bytes.count, start + length)
                pieces.append(Array(bytes[start..<end]))
                start = end
            }
            return pieces
        }
    }
}

/// Feeds `pieces` to a fresh parser, draining events after each piece, until an error.
func transcript(of pieces: [[UInt8]], limits: HTTPParserLimits = HTTPParserLimits()) -> Transcript {
    var parser = HTTPRequestParser(limits: limits)
    var result = Transcript()
    for piece in pieces {
        parser.append(contentsOf: piece)
        do {
            while let event = try parser.next() {
                switch event {
                case .continueExpected: result.events.append(.continueExpected)
                case .request(let request): result.events.append(.request(RequestSnapshot(request)))
                }
            }
        } catch let error as HTTPParseError {
            result.events.append(.failure(status: error.status))
            result.finalPhase = parser.phase
            return result
        } catch {
            preconditionFailure("next() threw a foreign error: \(error)")
        }
    }
    result.finalPhase = parser.phase
    return result
}

func transcript(of bytes: [UInt8], fed style: FeedStyle, limits: HTTPParserLimits = HTTPParserLimits()) -> Transcript {
    transcript(of: style.pieces(of: bytes), limits: limits)
}


extension HTTPParserEvent: Equatable {
    /// Test-only equality: requests compare by their snapshot.
    public static func == (lhs: HTTPParserEvent, rhs: HTTPParserEvent) -> Bool {
        switch (lhs, rhs) {
        case (.continueExpected, .continueExpected): true
        case let (.request(a), .request(b)): RequestSnapshot(a) == RequestSnapshot(b)
        default: false
        }
    }
}

/// The UTF-8 bytes of a string, for writing raw requests.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
