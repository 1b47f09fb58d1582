import EmuTestSupport
import EmuTesting
import Foundation
import LCWire

/// A small fixed dataset created through the API, for query tests at the in-process tier.
/// `Book` b1…b6 (created one second apart from 2020-09-13T12:26:40Z), `Author` a1 (ann, 30,
/// lives in `City` c1) and a2 (bob, 20), and `Shelf` s1 whose relation `books` holds b2 and b5.
/// In JSON texts, `@name` stands for that object's objectId.
final class QueryAPIFixture {
    let emulator: TestServer
    private(set) var ids: [String: String] = [:]

    static let firstBookMilliseconds: Int64 = 1_600_000_000_000

    static let books: [(String, String)] = [
        ("b1", #"{"title":"apple","n":1,"tags":["red","fruit"],"flag":true,"when":{"__type":"Date","iso":"2020-01-01T00:00:00.000Z"},"author":@ptr(Author,a1),"authors":[@ptr(Author,a1),@ptr(Author,a2)],"writer":"ann","loc":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"meta":{"size":"s"}}"#),
        ("b2", #"{"title":"banana","n":2.5,"tags":["yellow","fruit"],"flag":false,"when":{"__type":"Date","iso":"2021-06-01T12:00:00.000Z"},"author":@ptr(Author,a2),"writer":"bob","loc":{"__type":"GeoPoint","latitude":31.2,"longitude":121.5},"meta":{"size":"m"}}"#),
        ("b3", #"{"title":"cherry","n":3,"tags":["red"],"when":{"__type":"Date","iso":"2019-03-03T03:03:03.003Z"},"author":@ptr(Author,a1),"writer":"ann","meta":{"size":"s"}}"#),
        ("b4", #"{"title":"Date","n":-4,"tags":[],"flag":true,"note":null}"#),
        ("b5", #"{"title":"elder","n":10,"tags":["green","berry","fruit"],"writer":"cat","loc":{"__type":"GeoPoint","latitude":40.0,"longitude":116.5}}"#),
        ("b6", #"{"title":"fig","n":7}"#),
    ]

    /// One fixture shared by the read-only table tests (queries never change it).
    nonisolated(unsafe) static let shared = Result { try QueryAPIFixture() }

    init() throws {
        emulator = try TestServer.start()
        let clock = emulator.emulator.clock
        clock.set(milliseconds: 1_500_000_000_000)
        try create("c1", "City", #"{"name":"Paris"}"#)
        try create("a1", "Author", #"{"name":"ann","age":30,"city":@ptr(City,c1)}"#)
        try create("a2", "Author", #"{"name":"bob","age":20}"#)
        clock.set(milliseconds: Self.firstBookMilliseconds)
        for (name, text) in Self.books {
            try create(name, "Book", text)
            clock.advance(milliseconds: 1000)
        }
        try create("s1", "Shelf", #"{"books":{"__op":"AddRelation","objects":[@ptr(Book,b2),@ptr(Book,b5)]}}"#)
    }

    private func create(_ name: String, _ className: String, _ text: String) throws {
        let body = try JSONParser.parse(resolve(text))
        let response = try emulator.inProcessClient(credentials: .masterKey).post("/1.1/classes/\(className)", json: body)
        guard let id = response.json?["objectId"]?.stringValue else {
            throw FixtureError(message: "creating \(name): \(response.status) \(response.text)")
        }
        ids[name] = id
    }

    /// Replaces `@ptr(Class,name)` with a Pointer and `@name` with an objectId.
    func resolve(_ text: String) -> String {
        var result = text
        for (name, id) in ids.sorted(by: { $0.key > $1.key }) {
            for className in ["Author", "Book", "City", "Shelf"] {
                result = result.replacingOccurrences(
                    of: "@ptr(\(className),\(name))",
                    with: #"{"__type":"Pointer","className":"\#(className)","objectId":"\#(id)"}"#)
            }
            result = result.replacingOccurrences(of: "@\(name)", with: id)
        }
        return result
    }

    /// The fixture names of the objectIds in a query answer, in order.
    func names(_ response: TestClient.Response) -> [String] {
        let byId = Dictionary(uniqueKeysWithValues: ids.map { ($0.value, $0.key) })
        return response.json?["results"]?.arrayValue?.map { object in
            object["objectId"]?.stringValue.flatMap { byId[$0] } ?? "?"
        } ?? ["error \(response.status): \(response.text)"]
    }

    /// `GET /1.1/classes/<className>?where=…&<extra>` with the app key, in process unless `live`.
    func query(_ className: String = "Book", where whereText: String? = nil, _ extra: String = "",
               credentials: TestClient.Credentials = .appKey, live: Bool = false) throws -> TestClient.Response {
        var parameters: [String] = []
        if let whereText { parameters.append("where=" + encoded(resolve(whereText))) }
        if !extra.isEmpty { parameters.append(extra) }
        let client = live ? emulator.client(credentials: credentials) : emulator.inProcessClient(credentials: credentials)
        return try client.get("/1.1/classes/\(className)?" + parameters.joined(separator: "&"))
    }

    struct FixtureError: Error { var message: String }
}
