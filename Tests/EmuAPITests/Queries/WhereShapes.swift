@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import LCWire

/// Values and conditions of `WhereDifferentialTests`.
enum WhereShapes {
    static func date(_ day: Int) -> JSON { LCDate(millisecondsSince1970: Int64(day) * 86_400_000).json }
    static func pointer(_ id: String) -> JSON { ["__type": "Pointer", "className": "User", "objectId": .string(id)] }
    static func geo(_ latitude: Double, _ longitude: Double) -> JSON {
        ["__type": "GeoPoint", "latitude": .number(latitude), "longitude": .number(longitude)]
    }

    static let compound: [JSON] = [
        ["$or": [["num": 1], ["str": "a"]]], ["$and": [["num": ["$gte": 0]], ["arr": ["$size": 2]]]],
        [["bool": true], ["str": ["$exists": true]]], ["num": 1, "str": "a"], [:], [],
        ["$or": [["$and": [["num": 0]]], ["bool": ["$ne": true]]]],
        // The server columns: objectId as text, createdAt/updatedAt as instants (Date or ISO string).
        ["objectId": .string(QueryFixture.id(3))], ["objectId": ["$in": [.string(QueryFixture.id(1)), "x"]]],
        ["objectId": ["$gt": .string(QueryFixture.id(10))]], ["createdAt": ["$gte": date(0)]],
        ["createdAt": ["$lt": "1970-01-02T00:00:00.000Z"]], ["updatedAt": date(0)], ["updatedAt": ["$ne": date(0)]],
        ["createdAt": ["$exists": false]],
    ]

    /// Refused by both, with the same code and message.
    static let malformed: [JSON] = [
        5, "text", .null, [1], ["$or": []], ["$or": [:]], ["$and": [1]], ["$nor": [["num": 1]]], ["num": ["$eq": 1]],
        ["num": ["$foo": 1]], ["num": ["$in": 3]], ["num": ["$size": -1]], ["num": ["$size": 1.5]], ["num": ["$exists": 1]],
        ["str": ["$regex": "("]], ["str": ["$regex": 1]], ["str": ["$regex": "a", "$options": "q"]], ["str": ["$options": "i"]],
        ["str": ["$regex": "a", "$options": 1]], ["num": ["$gt": 1, "x": 2]], ["a..b": 1], ["a'b": 1], ["$x": 1],
        ["geo": ["$maxDistance": 1]], ["geo": ["$nearSphere": [200, 0]]], ["geo": ["$within": ["$polygon": [[0, 0], [1, 1]]]]],
        ["geo": ["$within": ["$box": [[0, 0]]]]], ["geo": ["$nearSphere": ["__type": "GeoPoint", "latitude": 91, "longitude": 0]]],
        ["$or": [["geo": ["$nearSphere": [0, 0]]], ["geo": ["$nearSphere": [1, 1]]]]],
        ["objectId": ["$lt": 1]], ["createdAt": ["$gt": true]], ["num": ["$lt": ["x": 1]]],
    ]

    /// What an engine answered: the ids it matched, or its refusal.
    enum Answer: Equatable, CustomStringConvertible {
        case matches(Set<String>)
        case refused(code: Int, message: String)

        var description: String {
            switch self {
            case .matches(let ids): return "matches \(ids.sorted().map { Int($0, radix: 16) ?? -1 })"
            case .refused(let code, let message): return "refused \(code) \(message)"
            }
        }
    }

    static func answer(_ run: () throws -> Set<String>) -> Answer {
        do {
            return .matches(try run())
        } catch let error as APIError {
            return .refused(code: error.code.code, message: error.code.message)
        } catch {
            return .refused(code: -1, message: "\(error)")
        }
    }

}
