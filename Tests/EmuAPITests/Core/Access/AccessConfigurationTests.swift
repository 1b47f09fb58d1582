import EmuAPI
import LCWire
import Testing

/// Reading `classPermissions` and `returnACL` from an app's options (docs/configuration.md).
@Suite struct AccessConfigurationTests {
    @Test func classPermissions_readEveryRuleForm() throws {
        let options = try AppOptions(json: ["classPermissions": [
            "Post": ["create": "*", "find": "login", "delete": ["role:Admins", "64b7f0c2e4b0a1d2c3f40001"], "add_fields": []],
        ]])
        let permissions = options.classPermissions
        #expect(permissions.rule(.create, on: "Post") == .everyone)
        #expect(permissions.rule(.find, on: "Post") == .loggedIn)
        #expect(permissions.rule(.delete, on: "Post") == .principals(["role:Admins", "64b7f0c2e4b0a1d2c3f40001"]))
        #expect(permissions.rule(.addFields, on: "Post") == .principals([]))
        #expect(permissions.rule(.update, on: "Post") == .everyone)
        #expect(permissions.rule(.find, on: "_User") == .principals([]))
        #expect(permissions.rule(.get, on: "_User") == .everyone)
    }

    @Test(arguments: [
        (["Post": ["create": "all"]] as JSON, "classPermissions.Post.create: expected \"*\", \"login\" or a list of user ids and \"role:<name>\", got \"all\""),
        (["Post": ["read": "*"]], "classPermissions.Post: unknown operation 'read' (known: create, find, get, update, delete, add_fields)"),
        (["Post": ["find": ["role:bad name"]]], "classPermissions.Post.find: expected user ids or \"role:<name>\", got \"role:bad name\""),
        (["Post": ["find": ["*"]]], "classPermissions.Post.find: expected user ids or \"role:<name>\", got \"*\""),
        (["1Post": ["find": "*"]], "classPermissions: '1Post' is not a valid class name"),
        (["Post": "*"], "classPermissions.Post: expected an object, got \"*\""),
    ] as [(JSON, String)])
    func classPermissions_refuseMalformedRules(json: JSON, message: String) {
        #expect(throws: ConfigurationError.self) { try AppOptions(json: ["classPermissions": json]) }
        do {
            _ = try AppOptions(json: ["classPermissions": json])
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func returnACL_isABoolean_offByDefault() throws {
        #expect(AppOptions().returnACL == false)
        #expect(try AppOptions(json: ["returnACL": true]).returnACL == true)
        #expect(throws: ConfigurationError.self) { try AppOptions(json: ["returnACL": "yes"]) }
    }
}
