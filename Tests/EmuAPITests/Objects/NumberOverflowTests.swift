import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// Numbers that do not fit a JSON number (±1.8e308) are refused with a 4xx and nothing changes
/// (docs/objects.md): an infinite result would be stored and served as null.
@Suite struct NumberOverflowTests {
    let emulator: TestServer
    let client: TestClient
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
    }

    @Test(arguments: [(1.7e308, "Increment", 1.7e308), (-1.7e308, "Increment", -1.7e308), (-1.7e308, "Decrement", 1.7e308)])
    func anOverflowingIncrement_isRefused_andChangesNothing(start: Double, op: String, amount: Double) throws {
        let id = try client.create("Score", ["n": .number(start), "other": 1])
        let response = try client.update("Score", id, ["n": ["__op": .string(op), "amount": .number(amount)], "other": 2])
        #expect(response.status == 400, "\(response.text)")
        #expect(errorCode(response) == 1)
        let stored = try client.fetch("Score", id)
        #expect(stored["n"] == .number(start))
        #expect(stored["other"] == 1)
    }

    @Test func anOverflowingIncrement_inABatch_failsThatRequestOnly() throws {
        let id = try client.create("Score", ["n": 1.7e308])
        let body: JSON = ["requests": [
            ["method": "PUT", "path": .string("/1.1/classes/Score/\(id)"), "body": ["n": ["__op": "Increment", "amount": 1.7e308]]],
        ]]
        let response = try client.post("/1.1/batch", json: body)
        #expect(response.json?[0]?["error"]?["code"] == 1, "\(response.text)")
        #expect(try client.fetch("Score", id)["n"] == 1.7e308)
    }

    /// The JSON reader refuses literals past the Double range, whatever their spelling.
    @Test(arguments: ["1e400", "-1e400", "1" + String(repeating: "0", count: 400), "-" + String(repeating: "9", count: 320) + ".5"])
    func anOutOfRangeLiteral_isRefused(literal: String) throws {
        let response = try client.send("POST", "/1.1/classes/Score", body: Array(#"{"n":\#(literal)}"#.utf8),
                                headers: ["Content-Type": "application/json"])
        #expect(response.status == 400, "\(response.text)")
        #expect(errorCode(response) == 107)
        #expect(try client.get("/1.1/classes/Score").json?["results"]?.arrayValue?.isEmpty == true)
    }

    @Test func anOutOfRangeAmount_isRefused() throws {
        let id = try client.create("Score", ["n": 1])
        let response = try client.send("PUT", "/1.1/classes/Score/\(id)", body: Array(#"{"n":{"__op":"Increment","amount":1e400}}"#.utf8),
                                headers: ["Content-Type": "application/json"])
        #expect(response.status == 400, "\(response.text)")
        #expect(try client.fetch("Score", id)["n"] == 1)
    }
}
