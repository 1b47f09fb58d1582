import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// spec §6.3: a field the caller is never shown (client-invisible `Card.pin`) cannot be tested
/// or sorted by either, at the top level, in an inner query, as a `$select` key or in CQL:
/// `$regex` and a count would read it out. Refused as a key that cannot be queried (400, code 1),
/// as a `_User`'s `password` is; the master key is not bound.
@Suite struct FieldOracleTests {
    let fixture: AccessPathsFixture
    init() throws { fixture = try AccessPathsFixture() }

    private typealias F = AccessPathsFixture

    /// (class, where, extra parameters) that test `Card.pin`; each matches one object for master.
    static let probes: [(String, String, String)] = [
        ("Card", #"{"pin":{"$regex":"^1"}}"#, ""),
        ("Card", #"{"pin.x":{"$exists":false},"name":"c"}"#, ""),
        ("Card", #"{"name":"c"}"#, "order=pin"),
        ("Probe", #"{"c":{"$inQuery":{"className":"Card","where":{"pin":{"$gte":"1"}}}}}"#, ""),
        ("Probe", #"{"c":{"$inQuery":{"className":"Card","where":{"name":"c"},"order":"-pin"}}}"#, ""),
        ("Card", #"{"pin":{"$select":{"query":{"className":"Card","where":{}},"key":"pin"}}}"#, ""),
    ]

    @Test func invisibleField_cannotBeTested_byAClient() throws {
        for (className, whereText, extra) in Self.probes {
            for principal in nonMasterPrincipals {
                let response = try fixture.query(className, where: whereText, extra, as: try fixture.client(principal))
                #expect(response.status == 400 && response.json?["code"] == 1, "\(whereText) \(extra): \(response.text)")
                #expect(response.text.contains("bad key"), "\(response.text)")
            }
            #expect(F.count(try fixture.query(className, where: whereText, extra, as: fixture.master)) == 1,
                    "\(whereText) \(extra)")
        }
    }

    @Test func invisibleField_cannotBeTested_inCQL() throws {
        let cql = "cql=" + encoded("select * from Card where pin = '1234'")
        let response = try fixture.client(.owner).get("/1.1/cloudQuery?\(cql)")
        #expect(response.status == 400 && response.text.contains("bad key"), "\(response.text)")
        #expect(F.count(try fixture.master.get("/1.1/cloudQuery?\(cql)")) == 1)
    }

    /// A conditional write answers 200 or 305 by its condition: no test of a hidden field either.
    @Test func invisibleField_cannotBeTested_byAConditionalWrite() throws {
        let condition = "?where=" + encoded(#"{"pin":{"$regex":"^1"}}"#)
        for principal in nonMasterPrincipals {
            let client = try fixture.client(principal)
            let updated = try client.put("/1.1/classes/Card/\(fixture.card)\(condition)", json: ["name": "c"])
            #expect(updated.status == 400 && updated.text.contains("bad key"), "\(updated.text)")
            let deleted = try client.delete("/1.1/classes/Card/\(fixture.card)\(condition)")
            #expect(deleted.status == 400 && deleted.text.contains("bad key"), "\(deleted.text)")
        }
        #expect(try fixture.master.put("/1.1/classes/Card/\(fixture.card)\(condition)", json: ["name": "c"]).status == 200)
    }

    /// The visible fields of the same class stay queryable.
    @Test func visibleFields_stayQueryable() throws {
        let response = try fixture.query("Card", where: #"{"name":{"$regex":"^c"}}"#, "order=name", as: try fixture.client(.anonymous))
        #expect(F.count(response) == 1 && response.json?["results"]?[0]?["pin"] == nil, "\(response.text)")
    }
}
