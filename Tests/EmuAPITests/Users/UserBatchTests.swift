import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// The user rules hold inside batches, whose sub-requests go through the same routes (spec §4).
@Suite struct UserBatchTests {
    @Test func batchUpdateOfAUser_followsTheSelfOnlyRule() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let tom = try client.signUp("tom")
        let body: JSON = ["requests": [["method": "PUT", "path": .string("/1.1/users/\(tom.objectId)"), "body": ["age": 3]]]]
        let anonymous = try client.post("/1.1/batch", json: body)
        #expect(anonymous.json?[0]?["error"]?["code"] == 206)
        let own = try client.acting(as: tom.sessionToken).post("/1.1/batch", json: body)
        #expect(own.json?[0]?["success"]?["objectId"] == .string(tom.objectId))
    }

    @Test func batchSaveSignUp_checksUniqueness() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        try client.signUp("tom")
        let body: JSON = ["requests": [["method": "POST", "path": "/1.1/classes/_User",
                                        "body": ["username": "tom", "password": "p"]]]]
        let response = try client.post("/1.1/batch/save", json: body)
        #expect(response.json?["code"] == 202)
    }
}
