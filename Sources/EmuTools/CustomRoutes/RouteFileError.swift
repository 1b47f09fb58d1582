import EmuData
import EmuRouting

/// A route file that cannot be loaded: the path in front of the route's error.
public struct RouteFileError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    public var description: String { "route file \(path): \(reason)" }
}
