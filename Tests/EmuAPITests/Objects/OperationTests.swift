import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// One row: the field's value before (nil: missing), the operation, the value after (nil: gone).
struct OperationCase: CustomTestStringConvertible, Sendable {
    let before: JSON?
    let op: JSON
    let after: JSON?
    var testDescription: String { "\(before?.jsonString ?? "missing") \(op.jsonString) → \(after?.jsonString ?? "missing")" }
}

/// A row whose operation fails with `code`.
struct FailingOperationCase: CustomTestStringConvertible, Sendable {
    let before: JSON?
    let op: JSON
    let code: Int
    var testDescription: String { "\(before?.jsonString ?? "missing") \(op.jsonString) → \(code)" }
}

@Suite struct OperationTests {
    let emulator: TestServer
    let client: TestClient
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
    }

    static let p1: JSON = pointer("Post", "1"), p2: JSON = pointer("Post", "2")

    static let cases: [OperationCase] = [
        .init(before: 1, op: ["__op": "Delete"], after: nil),
        .init(before: nil, op: ["__op": "Delete"], after: nil),
        .init(before: 10, op: ["__op": "Increment", "amount": 5], after: 15),
        .init(before: nil, op: ["__op": "Increment", "amount": 5], after: 5),
        .init(before: .null, op: ["__op": "Increment", "amount": 5], after: 5),
        .init(before: 10, op: ["__op": "Increment", "amount": -2.5], after: 7.5),
        .init(before: 10, op: ["__op": "Increment"], after: 11),
        .init(before: 10, op: ["__op": "Decrement", "amount": 3], after: 7),
        .init(before: nil, op: ["__op": "Decrement", "amount": 3], after: -3),
        .init(before: 1.5, op: ["__op": "Decrement", "amount": -0.25], after: 1.75),
        .init(before: [1], op: ["__op": "Add", "objects": [2, 1]], after: [1, 2, 1]),
        .init(before: nil, op: ["__op": "Add", "objects": ["a"]], after: ["a"]),
        .init(before: [1, 2], op: ["__op": "AddUnique", "objects": [2, 3, 3]], after: [1, 2, 3]),
        .init(before: [p1], op: ["__op": "AddUnique", "objects": [pointer("Post", "1"), p2]], after: [p1, p2]),
        .init(before: [["a": 1, "b": 2]], op: ["__op": "AddUnique", "objects": [["b": 2, "a": 1]]], after: [["a": 1, "b": 2]]),
        .init(before: [["__type": "Date", "iso": "2015-01-01T00:00:00.000Z"]],
              op: ["__op": "AddUnique", "objects": [["__type": "Date", "iso": "2015-01-01T08:00:00+08:00"]]],
              after: [["__type": "Date", "iso": "2015-01-01T00:00:00.000Z"]]),
        .init(before: [1, 2, 1, 3], op: ["__op": "Remove", "objects": [1, 3]], after: [2]),
        .init(before: [p1, p2], op: ["__op": "Remove", "objects": [p1]], after: [p2]),
        .init(before: nil, op: ["__op": "Remove", "objects": [1]], after: nil),
        .init(before: 12, op: ["__op": "BitAnd", "value": 10], after: 8),
        .init(before: 12, op: ["__op": "BitOr", "value": 3], after: 15),
        .init(before: 12, op: ["__op": "BitXor", "value": 10], after: 6),
        .init(before: nil, op: ["__op": "BitOr", "value": 5], after: 5),
        .init(before: -1, op: ["__op": "BitAnd", "value": 255], after: 255),
        .init(before: 1, op: ["__op": "Batch", "ops": [["__op": "Increment", "amount": 2], ["__op": "Increment", "amount": 3]]], after: 6),
        .init(before: nil, op: ["__op": "Batch", "ops": [["__op": "Add", "objects": [1]], ["__op": "Delete"]]], after: nil),
    ]

    @Test(arguments: cases)
    func operation_updatesTheField(row: OperationCase) throws {
        let id = try client.create("Thing", row.before.map { ["f": $0] } ?? [:])
        let response = try client.update("Thing", id, ["f": row.op])
        #expect(response.status == 200, "\(response.text)")
        #expect(try client.fetch("Thing", id)["f"] == row.after)
    }

    static let failures: [FailingOperationCase] = [
        .init(before: "text", op: ["__op": "Increment", "amount": 1], code: 111),
        .init(before: [1], op: ["__op": "Decrement", "amount": 1], code: 111),
        .init(before: 1, op: ["__op": "Add", "objects": [1]], code: 111),
        .init(before: "a", op: ["__op": "AddUnique", "objects": [1]], code: 111),
        .init(before: ["a": 1], op: ["__op": "Remove", "objects": [1]], code: 111),
        .init(before: 1.5, op: ["__op": "BitAnd", "value": 1], code: 111),
        .init(before: "x", op: ["__op": "BitOr", "value": 1], code: 111),
        .init(before: 1, op: ["__op": "Increment", "amount": "2"], code: 1),
        .init(before: 1, op: ["__op": "BitXor", "value": 1.5], code: 1),
        .init(before: 1, op: ["__op": "BitXor"], code: 1),
        .init(before: nil, op: ["__op": "Add", "objects": 1], code: 1),
        .init(before: nil, op: ["__op": "Add"], code: 1),
        .init(before: nil, op: ["__op": "Explode"], code: 1),
        .init(before: nil, op: ["__op": 3], code: 1),
        .init(before: nil, op: ["__op": "Batch", "ops": [1]], code: 1),
        .init(before: nil, op: ["__op": "AddRelation", "objects": []], code: 128),
        .init(before: nil, op: ["__op": "AddRelation", "objects": [1]], code: 128),
        .init(before: nil, op: ["__op": "AddRelation", "objects": [p1, pointer("Other", "2")]], code: 128),
        .init(before: nil, op: ["__op": "RemoveRelation", "objects": .array(Array(repeating: p1, count: 1001))], code: 128),
        .init(before: "x", op: ["__op": "AddRelation", "objects": [p1]], code: 111),
        .init(before: ["__type": "Relation", "className": "Other"], op: ["__op": "AddRelation", "objects": [p1]], code: 111),
    ]

    @Test(arguments: failures)
    func operation_failsWithItsCode_andChangesNothing(row: FailingOperationCase) throws {
        let id = try client.create("Thing", row.before.map { ["f": $0] } ?? [:])
        let response = try client.update("Thing", id, ["f": row.op])
        #expect(response.status == 400)
        #expect(errorCode(response) == row.code, "\(response.text)")
        #expect(try client.fetch("Thing", id)["f"] == row.before)
    }

    @Test func relationOperations_maintainTheMembers() throws {
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let a = pointer("_User", "a00000000000000000000000"), b = pointer("_User", "b00000000000000000000000")
        let role = try client.create("Group", ["users": ["__op": "AddRelation", "objects": [a, b]]])
        _ = try client.update("Group", role, ["users": ["__op": "Batch", "ops": [
            ["__op": "RemoveRelation", "objects": [a]], ["__op": "AddRelation", "objects": [b]],
        ]]])
        let members = try app.database.read { db in
            try ObjectStore.relationMembers(ownerClass: "Group", ownerId: role, key: "users", in: db)
        }
        #expect(members == [LCPointer(className: "_User", objectId: "b00000000000000000000000")])
        #expect(try client.fetch("Group", role)["users"] == ["__type": "Relation", "className": "_User"])
        let dotted = try client.update("Group", role, ["users.x": ["__op": "AddRelation", "objects": [a]]])
        #expect(errorCode(dotted) == 1)
    }

    @Test func increment_withFetchWhenSave_returnsTheNewValue() throws {
        let id = try client.create("Thing", ["n": 1])
        let response = try client.update("Thing", id, ["n": ["__op": "Increment", "amount": 1]], query: "fetchWhenSave=true")
        #expect(response.json?["n"] == 2)
    }
}
