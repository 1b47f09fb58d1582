@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

@Suite struct ClockAdminTests {
    @Test(arguments: [Int64(1_435_541_975_931), 0, 253_402_300_799_999])
    func date_isTheClocksNow_asADateObject(milliseconds: Int64) throws {
        let emulator = try TestServer.start()
        emulator.emulator.clock.set(milliseconds: milliseconds)
        let response = try emulator.inProcessClient().get("/1.1/date")
        #expect(response.status == 200)
        #expect(response.text == LCDate(millisecondsSince1970: milliseconds).json.jsonString)
        let other = try emulator.inProcessClient(credentials: .masterKey).get("/__admin/clock")
        #expect(response.headers["Content-Type"] == other.headers["Content-Type"])
    }

    /// The date's text is kept per second (DateBody): a clock moved by `/__admin/clock` within
    /// the second, across it, back, or reset is answered at its new instant at once.
    @Test func date_followsTheClock_whereverItMoves() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let client = emulator.inProcessClient()
        func expectDateIsTheClocks() throws {
            let response = try client.get("/1.1/date")
            let now = emulator.emulator.clock.nowMilliseconds
            #expect(response.text == LCDate(millisecondsSince1970: now).json.jsonString)
        }
        #expect(try admin.post("/__admin/clock", json: ["set": "2026-11-29T04:05:06.007Z"]).status == 200)
        try expectDateIsTheClocks()
        for amount: JSON in ["1ms", "992ms", "1ms", "-1ms", "1d", "-2d", 1000, -1] {
            #expect(try admin.post("/__admin/clock", json: ["advance": amount]).status == 200)
            try expectDateIsTheClocks()
        }
        #expect(try admin.post("/__admin/clock", json: ["set": "1970-01-01T00:00:00.999Z"]).status == 200)
        try expectDateIsTheClocks()
        #expect(try admin.post("/__admin/clock", json: ["advance": "-999ms"]).status == 200)
        try expectDateIsTheClocks()
        #expect(try admin.post("/__admin/clock", json: ["reset": true]).status == 200)
        let iso = try client.get("/1.1/date").json?["iso"]?.stringValue
        let real = try #require(LCDate(iso: iso ?? ""))
        #expect((real.millisecondsSince1970 - LCDate.now().millisecondsSince1970).magnitude < 60_000)
    }

    @Test func get_reportsNowAndMode() throws {
        let emulator = try TestServer.start()
        let response = try emulator.inProcessClient(credentials: .masterKey).get("/__admin/clock")
        #expect(response.status == 200)
        #expect(response.json?["mode"] == "real")
        #expect(response.json?["offsetMs"] == 0)
        #expect(LCDate(iso: response.json?["now"]?.stringValue ?? "") != nil)
    }

    @Test(arguments: [
        (JSON.string("16m"), Int64(960_000)), (.string("1h30m"), 5_400_000), (.string("2d"), 172_800_000),
        (.string("45s"), 45_000), (.string("250ms"), 250), (.number(1500), 1500), (.string("-5s"), -5000),
    ])
    func advance_movesTheSharedClock(amount: JSON, milliseconds: Int64) throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient(credentials: .masterKey)
        #expect(try client.post("/__admin/clock", json: ["set": "2026-01-01T00:00:00.000Z"]).status == 200)
        let response = try client.post("/__admin/clock", json: ["advance": amount])
        #expect(response.status == 200)
        #expect(response.json?["mode"] == "fixed")
        let expected = try #require(LCDate(iso: "2026-01-01T00:00:00.000Z")).millisecondsSince1970 + milliseconds
        #expect(emulator.emulator.clock.nowMilliseconds == expected)
        #expect(response.json?["now"]?.stringValue == LCDate(millisecondsSince1970: expected).iso)
    }

    @Test func set_pins_andReset_returnsToRealTime() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient(credentials: .masterKey)
        let pinned = try client.post("/__admin/clock", json: ["set": "2030-05-06T07:08:09.010Z"])
        #expect(pinned.json?["now"] == "2030-05-06T07:08:09.010Z")
        #expect(try client.get("/__admin/clock").json?["now"] == "2030-05-06T07:08:09.010Z")
        let reset = try client.post("/__admin/clock", json: ["reset": true])
        #expect(reset.json?["mode"] == "real")
        #expect(reset.json?["offsetMs"] == 0)
    }

    @Test(arguments: [
        JSON.object(JSONObject()), ["advance": "soon"], ["advance": "5y"], ["advance": true], ["set": "yesterday"],
        ["reset": false], ["rewind": "5m"], ["advance": "1m", "reset": true], ["advance": 1.5],
    ])
    func post_rejectsBadBodies(body: JSON) throws {
        let emulator = try TestServer.start()
        let response = try emulator.inProcessClient(credentials: .masterKey).post("/__admin/clock", json: body)
        #expect(response.status == 400)
        #expect(response.json?["code"] == 1)
        #expect(emulator.emulator.clock.state.fixed == false)
    }

    @Test func clock_refusesClientKeys() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient(credentials: .signedAppKey)
        #expect(try client.get("/__admin/clock").status == 401)
        #expect(try client.post("/__admin/clock", json: ["reset": true]).status == 401)
    }
}
