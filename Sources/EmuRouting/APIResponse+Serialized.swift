import EmuData
import LCWire

extension APIResponse {
    /// A JSON response whose body is already serialized (a query page written row by row),
    /// with the same headers as `init(status:json:)`.
    package init(status: Int = 200, serializedJSON body: [UInt8]) {
        self.status = status
        self.headers = APIResponse.jsonHeaders
        self.body = body
    }
}
