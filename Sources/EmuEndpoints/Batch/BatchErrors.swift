import EmuData
import EmuRouting
import LCWire

// The batch endpoints' own refusals. LeanCloud documents none of them; all use 107, the code for
// a body that is not the JSON expected (docs/compatibility.md, "Batch").
extension LCErrorCode {
    /// The body has no `requests` array.
    static let batchRequestsMissing = malformedJSON.with(
        message: "Malformed json object. A batch needs a \"requests\" array.")

    /// More than `max` sub-requests.
    static func batchTooLarge(max: Int) -> LCErrorCode {
        malformedJSON.with(message: "Too many requests in one batch: at most \(max) are allowed.")
    }

    /// An element of `requests` cannot be run.
    static func malformedBatchRequest(index: Int, _ reason: String) -> LCErrorCode {
        malformedJSON.with(message: "Malformed batch request at index \(index): \(reason).")
    }
}
