import EmuTesting
import Foundation
import LCClient
import Testing

/// The query builder against the live query engine: each operator family returns what the
/// server documents.
struct QueryStoryTests {
    struct City: LCModel, Equatable {
        static let className = "StoryCity"
        var objectId: String?
        var name: String
        var country: String
        var population: Int
        var tags: [String]
        var location: LCGeoPoint?
        var mayor: LCPointer?
    }

    func seededCities() async throws -> (Emulator, [City]) {
        let emulator = try await Emulator.start()
        let cities = try await emulator.application.saveAll([
            City(name: "Beijing", country: "CN", population: 21_500_000, tags: ["capital", "north"], location: LCGeoPoint(latitude: 39.9, longitude: 116.4)),
            City(name: "Shanghai", country: "CN", population: 24_800_000, tags: ["port", "east"], location: LCGeoPoint(latitude: 31.2, longitude: 121.5)),
            City(name: "Tianjin", country: "CN", population: 13_900_000, tags: ["port", "north"], location: LCGeoPoint(latitude: 39.1, longitude: 117.2)),
            City(name: "Paris", country: "FR", population: 2_100_000, tags: ["capital"], location: LCGeoPoint(latitude: 48.9, longitude: 2.35)),
        ])
        return (emulator, cities)
    }

    func names(_ query: LCQuery, _ app: LCApplication) async throws -> [String] {
        try await app.find(query.order(by: "name"), as: City.self).map(\.name)
    }

    @Test func comparisonsArraysAndRegexes() async throws {
        let (emulator, _) = try await seededCities()
        let app = emulator.application
        let cities = LCQuery(City.self)
        #expect(try await names(cities.whereKey("population", .greaterThan(14_000_000)).whereKey("population", .lessThan(22_000_000)), app) == ["Beijing"])
        #expect(try await names(cities.whereKey("country", .notEqualTo("CN")), app) == ["Paris"])
        #expect(try await names(cities.whereKey("name", .containedIn(["Paris", "Tianjin", "Rome"])), app) == ["Paris", "Tianjin"])
        #expect(try await names(cities.whereKey("tags", .equalTo("port")), app) == ["Shanghai", "Tianjin"])
        #expect(try await names(cities.whereKey("tags", .containsAll(["port", "north"])), app) == ["Tianjin"])
        #expect(try await names(cities.whereKey("tags", .size(1)), app) == ["Paris"])
        #expect(try await names(cities.whereKey("name", .hasPrefix("Sh")), app) == ["Shanghai"])
        #expect(try await names(cities.whereKey("name", .matches("^[bt]", options: "i")), app) == ["Beijing", "Tianjin"])
        #expect(try await names(cities.whereKey("mayor", .notExists).whereKey("country", .equalTo("FR")), app) == ["Paris"])
        let either = LCQuery.or([cities.whereKey("country", .equalTo("FR")), cities.whereKey("population", .greaterThan(24_000_000))])
        #expect(try await names(either, app) == ["Paris", "Shanghai"])
    }

    @Test func innerQueriesIncludeAndKeys() async throws {
        let (emulator, cities) = try await seededCities()
        let app = emulator.application
        var mayor = LCObject(className: "StoryMayor")
        mayor.set("name", "Anne")
        mayor.set("city", try #require(cities[3].objectId))
        try await mayor.save(in: app)
        var paris = cities[3]
        paris.mayor = mayor.pointer
        _ = try await app.save(paris)

        let mayors = LCQuery(className: "StoryMayor").whereKey("name", .equalTo("Anne"))
        let withMayor = try await LCQuery(City.self).whereKey("mayor", .matchesQuery(mayors)).include("mayor").find(in: app)
        #expect(withMayor.count == 1)
        guard case .object(let included)? = withMayor.first?.value("mayor") else {
            Issue.record("mayor not included: \(String(describing: withMayor.first?["mayor"]))")
            return
        }
        #expect(included["name"] == "Anne")
        #expect(try await names(LCQuery(City.self).whereKey("objectId", .matchesKey("city", in: LCQuery(className: "StoryMayor"))), app) == ["Paris"])

        let projected = try await LCQuery(City.self).select("name").whereKey("country", .equalTo("FR")).find(in: app)
        #expect(projected.first?["name"] == "Paris")
        #expect(projected.first?["population"] == nil)
    }

    @Test func geoQueries_sortByDistance_andBoundIt() async throws {
        let (emulator, _) = try await seededCities()
        let app = emulator.application
        let beijing = LCGeoPoint(latitude: 39.9, longitude: 116.4)!
        let near = try await app.find(LCQuery(City.self).whereKey("location", .near(beijing, within: .kilometers(200))), as: City.self)
        #expect(near.map(\.name) == ["Beijing", "Tianjin"])
        let box = LCQuery(City.self).whereKey("location", .withinBox(southwest: LCGeoPoint(latitude: 30, longitude: 110)!,
                                                                       northeast: LCGeoPoint(latitude: 35, longitude: 125)!))
        #expect(try await names(box, app) == ["Shanghai"])
    }

    @Test func cql_withPlaceholders_countsAndSelects() async throws {
        let (emulator, _) = try await seededCities()
        let result = try await LCCQL.execute("select count(*), * from StoryCity where country = ? and population > ? order by name",
                                             values: ["CN", 14_000_000], in: emulator.application)
        #expect(result.className == QueryStoryTests.City.className)
        #expect(result.count == 2)
        #expect(result.objects.compactMap { $0["name"]?.stringValue } == ["Beijing", "Shanghai"])
        let error = await #expect(throws: LCError.self) { try await LCCQL.execute("delete from StoryCity", in: emulator.application) }
        #expect(error?.code == .cqlSyntaxError)
    }
}
