@testable import EmuData
import LCWire
import Testing

/// `ObjectRenderer.isServerField`: the top-level keys a copied row may not carry (rendering
/// writes them), spelled as `LCFieldName` spells them, and nothing else.
@Suite struct ServerFieldTests {
    @Test(arguments: [LCFieldName.createdAt, LCFieldName.updatedAt, LCFieldName.objectId, LCFieldName.acl])
    func theServerFields_areServerFields(name: String) {
        #expect(Self.isServerField(name))
    }

    @Test(arguments: ["", "A", "AC", "ACl", "acl", "ACLs", "objectI", "objectid", "objectIdX", "createdAT", "updatedAt_",
                      "createdAx", "xpdatedAt", "title", "createdAtText"])
    func otherKeys_areNot(name: String) {
        #expect(!Self.isServerField(name))
    }

    static func isServerField(_ name: String) -> Bool {
        Array(name.utf8).withUnsafeBufferPointer(ObjectRenderer.isServerField)
    }
}
