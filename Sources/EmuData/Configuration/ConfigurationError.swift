/// A configuration that cannot be used, with a one-line message naming what is wrong and where
/// (the CLI prints it and exits with status 64).
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    /// What is wrong, without the location.
    public let reason: String
    /// Where in a config file, e.g. `apps[1].options.signMaxSkewSeconds`; nil when not in a file.
    public private(set) var location: String?

    public init(_ reason: String) { self.reason = reason }

    public var description: String { location.map { "\($0): \(reason)" } ?? reason }

    /// The same error one level further out: `options` + `signMaxSkewSeconds` → `options.signMaxSkewSeconds`.
    func at(_ component: String) -> ConfigurationError {
        var error = self
        error.location = location.map { component + ($0.hasPrefix("[") ? "" : ".") + $0 } ?? component
        return error
    }
}
