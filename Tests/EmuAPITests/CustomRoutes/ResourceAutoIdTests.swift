import EmuTestSupport
import EmuAPI
import LCWire
import Testing

/// A resource's `auto` id never traps on what `/1.1` stored in its field (security review F1:
/// `{"pin_id": 1e300}` then an auto create stopped the process; docs/custom-backends.md "Ids"):
/// only integers up to 2^53 − 1 count, a fraction counts as its floor, and the next id is at
/// least 1. After each, the server still answers.
@Suite struct ResourceAutoIdTests {
    /// What `/1.1` stored in `pin_id`, and the id the next auto create answers.
    static let cases: [([JSON], Int)] = [
        ([.number(1e300)], 1),
        ([.number(-1e300)], 1),
        ([JSON(Int.max)], 1),
        ([.number(1e300), 2], 3),
        ([-5], 1),
        ([-7, 4], 5),
        ([.number(2.5)], 3),
        ([.number(-0.5)], 1),
        ([9_007_199_254_740_990], 9_007_199_254_740_991),
    ]

    static let pins: JSON = ["id": "pins", "resource": ["path": "/pins", "class": "Pin",
                                                        "id": ["field": "pin_id", "type": "integer", "auto": true]]]

    @Test(arguments: cases.indices)
    func theNextAutoId_isSane_whateverTheClassHolds(index: Int) throws {
        let (stored, next) = Self.cases[index]
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        #expect(try admin.post("/__admin/routes", json: Self.pins).status == 201)
        for value in stored {
            let written = try admin.post("/1.1/classes/Pin", json: ["pin_id": value])
            #expect(written.status == 201, "\(value): \(written.text)")
        }
        let device = emulator.inProcessClient(credentials: .none)
        let created = try device.post("/pins", json: ["text": "next"])
        #expect(created.status == 200, "\(created.text)")
        #expect(created.json?["pin_id"] == JSON(next))
        #expect(try device.get("/pins/\(next)").json?["text"] == "next")
    }

    /// At the bound, the number after the counted highest is taken: 137, and the server lives.
    @Test func atTheBound_theCreateAnswers137() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        #expect(try admin.post("/__admin/routes", json: Self.pins).status == 201)
        for value in [9_007_199_254_740_991, 9_007_199_254_740_992] {
            #expect(try admin.post("/1.1/classes/Pin", json: ["pin_id": JSON(value)]).status == 201)
        }
        let device = emulator.inProcessClient(credentials: .none)
        let refused = try device.post("/pins", json: ["text": "next"])
        #expect(refused.status == 400)
        #expect(refused.json?["code"] == 137)
        #expect(try device.post("/pins", json: ["pin_id": 3, "text": "given"]).json?["pin_id"] == 3)
    }
}
