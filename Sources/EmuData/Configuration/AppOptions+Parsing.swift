import LCWire

extension AppOptions {
    /// One key of the `options` object and how its value is read into the struct.
    struct Field: Sendable {
        let key: String
        let read: @Sendable (inout AppOptions, JSON) throws -> Void
    }

    /// Every key `options` may hold. A later setting adds one entry here.
    static let fields: [Field] = [
        Field(key: "signMaxSkewSeconds") { options, value in
            options.signMaxSkewSeconds = try ConfigValue.seconds(value, allowZero: true)
        },
        Field(key: "classPermissions") { options, value in
            options.classPermissions = try ClassPermissions(json: value)
        },
        Field(key: "fieldPermissions") { options, value in
            options.fieldPermissions = try FieldPermissions(json: value)
        },
        Field(key: "returnACL") { options, value in
            guard let flag = value.boolValue else { throw ConfigurationError("expected true or false, got \(value.jsonString)") }
            options.returnACL = flag
        },
    ] + MessageOptions.fields + WebLoginOptions.fields + [
        Field(key: "sessionLifetime") { options, value in
            // Longer than the signature window's one-day cap: sessions live weeks (a year at most).
            guard case .number(let seconds) = value, seconds.isFinite, seconds > 0, seconds <= 31_536_000 else {
                throw ConfigurationError("expected seconds, more than 0 and at most 31536000, got \(value.jsonString)")
            }
            options.sessionLifetime = seconds
        },
    ]

    /// The names of the known keys, for error messages.
    public static var knownKeys: [String] { fields.map(\.key) }

    /// Reads an `options` object; an unknown key or a wrong value is an error naming the key.
    public init(json: JSONObject) throws {
        self.init()
        for (key, value) in json {
            guard let field = Self.fields.first(where: { $0.key == key }) else {
                throw ConfigurationError("unknown option '\(key)' (known: \(Self.knownKeys.joined(separator: ", ")))")
            }
            do {
                try field.read(&self, value)
            } catch let error as ConfigurationError {
                throw error.at(key)
            }
        }
    }
}
