@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

@Suite struct OutboxTests {
    @Test func deliver_stampsIdsAndTime_andListsNewestFirst() throws {
        let emulator = try TestServer.start()
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        app.clock.set(milliseconds: 1_700_000_000_000)
        let first = app.outbox.deliver(OutboxMessage(kind: .sms, to: "+8618600000000", text: "a", code: "111111", purpose: "verify"))
        let second = app.outbox.deliver(OutboxMessage(kind: .email, to: "a@example.com", text: "b", link: "http://x", purpose: "verifyEmail"))
        #expect(first.id == 1 && second.id == 2)
        #expect(first.sentAt.millisecondsSince1970 == 1_700_000_000_000)
        #expect(app.outbox.messages().map(\.id) == [2, 1])
        #expect(app.outbox.messages(kind: .sms).map(\.code) == ["111111"])
        #expect(app.outbox.messages(to: "a@example.com").first?.link == "http://x")
    }

    @Test func deliver_keepsOnlyTheNewestCapacityMessages() throws {
        let outbox = Outbox(clock: EmulatorClock())
        for n in 0..<(Outbox.capacity + 5) {
            outbox.deliver(OutboxMessage(kind: .captcha, to: "t\(n)", text: "", purpose: "captcha"))
        }
        let all = outbox.messages()
        #expect(all.count == Outbox.capacity)
        #expect(all.first?.to == "t\(Outbox.capacity + 4)")
        #expect(all.last?.to == "t5")
    }

    @Test func adminOutbox_filtersByPhoneEmailTokenAndKind() throws {
        let emulator = try TestServer.start()
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        app.outbox.deliver(OutboxMessage(kind: .sms, to: "+8618600000000", text: "code 1", code: "1", purpose: "verify"))
        app.outbox.deliver(OutboxMessage(kind: .voice, to: "+8618600000000", text: "code 2", code: "2", purpose: "verify"))
        app.outbox.deliver(OutboxMessage(kind: .email, to: "a@example.com", text: "mail", purpose: "verifyEmail"))
        app.outbox.deliver(OutboxMessage(kind: .captcha, to: "tok", text: "ABCD", code: "ABCD", purpose: "captcha"))
        let client = emulator.inProcessClient(credentials: .masterKey)
        func codes(_ query: String) throws -> [String?] {
            let response = try client.get("/__admin/outbox\(query)")
            #expect(response.status == 200)
            return response.json?["results"]?.arrayValue?.map { $0["code"]?.stringValue } ?? []
        }
        #expect(try codes("?phone=%2B8618600000000") == ["2", "1"])
        #expect(try codes("?phone=18600000000") == ["2", "1"])
        #expect(try codes("?phone=+8618600000000") == ["2", "1"])  // a raw `+` decodes as a space
        #expect(try codes("?phone=18600000000&kind=sms") == ["1"])
        #expect(try codes("?token=tok") == ["ABCD"])
        #expect(try codes("?email=a%40example.com").count == 1)
        #expect(try codes("").count == 4)
        let rejected = try client.get("/__admin/outbox?kind=fax")
        #expect(rejected.status == 400)
        #expect(rejected.json?["code"] == 1)
    }

    @Test func adminOutbox_deleteClears_andResetClearsToo() throws {
        let emulator = try TestServer.start()
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let client = emulator.inProcessClient(credentials: .masterKey)
        app.outbox.deliver(OutboxMessage(kind: .sms, to: "+8618600000000", text: "x", purpose: "verify"))
        let deleted = try client.delete("/__admin/outbox")
        #expect(deleted.status == 200)
        #expect(deleted.json?["deleted"] == 1)
        #expect(app.outbox.messages().isEmpty)
        app.outbox.deliver(OutboxMessage(kind: .sms, to: "+8618600000000", text: "x", purpose: "verify"))
        #expect(try client.post("/__admin/reset").status == 200)
        #expect(app.outbox.messages().isEmpty)
    }

    @Test func adminOutbox_refusesClientKeys() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient(credentials: .appKey)
        #expect(try client.get("/__admin/outbox").status == 401)
        #expect(try client.delete("/__admin/outbox").status == 401)
    }
}
