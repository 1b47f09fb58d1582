import EmuTestSupport
import EmuTesting
import Foundation
import LCWire
import Testing

/// The object API over a real socket.
@Suite struct ObjectLiveTests {
    @Test func createFetchUpdateDelete_overTheSocket() throws {
        let emulator = try TestServer.start()
        let client = emulator.client(credentials: .signedAppKey)
        let created = try client.post("/1.1/classes/Post?fetchWhenSave=false", json: ["title": "live", "when": ["__type": "Date", "iso": "2015-06-21T18:02:52.249Z"]])
        #expect(created.status == 201)
        #expect(created.headers["Content-Type"] == "application/json;charset=utf-8")
        let id = try #require(created.json?["objectId"]?.stringValue)
        #expect(id.wholeMatch(of: WirePattern.objectId) != nil)
        #expect(created.headers["Location"] == "http://localhost/1.1/classes/Post/\(id)")

        let fetched = try client.get("/1.1/classes/Post/\(id)?keys=title")
        #expect(fetched.text == #"{"title":"live","createdAt":"\#(created.json?["createdAt"]?.stringValue ?? "")","updatedAt":"\#(created.json?["createdAt"]?.stringValue ?? "")","objectId":"\#(id)"}"#)

        let updated = try client.put("/1.1/classes/Post/\(id)?where=" + encoded(#"{"title":"live"}"#), json: ["title": "changed"])
        #expect(updated.status == 200)
        #expect(updated.json?["updatedAt"]?.stringValue?.wholeMatch(of: WirePattern.date) != nil)
        #expect(try client.get("/1.1/classes/Post/\(id)").json?["title"] == "changed")

        let deleted = try client.send("DELETE", "/1.1/classes/Post/\(id)", body: Array("null".utf8))
        #expect(deleted.status == 200)
        #expect(deleted.text == "{}")
        #expect(try client.get("/1.1/classes/Post/\(id)").text == "{}")
    }

    @Test func increments_from16ConcurrentClients_areAtomic() throws {
        let emulator = try TestServer.start()
        let id = try emulator.client().create("Counter", ["n": 0])
        let clients = 16, increments = 25
        let failures = Failures()
        let done = DispatchGroup()
        for _ in 0..<clients {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                let client = emulator.client()
                for _ in 0..<increments {
                    do {
                        let response = try client.put("/1.1/classes/Counter/\(id)", json: ["n": ["__op": "Increment", "amount": 1]])
                        if response.status != 200 { failures.add(response.text) }
                    } catch {
                        failures.add("\(error)")
                    }
                }
            }
            thread.start()
        }
        done.wait()
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        #expect(try emulator.client().fetch("Counter", id)["n"] == .number(Double(clients * increments)))
    }
}

/// Failures collected from several threads.
// @unchecked: mutable state is read and written under `lock`.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ failure: String) {
        lock.lock()
        items.append(failure)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
