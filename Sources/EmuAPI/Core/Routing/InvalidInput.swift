/// What is wrong with a test-side input (a function stub, a fault), in words the admin handler
/// puts into its `400` code 1 answer.
struct InvalidInput: Error {
    let detail: String
    init(_ detail: String) { self.detail = detail }
}
