/// A command that could not do its work: `Entry` prints the message as one line and exits 1
/// (usage errors, `ValidationError`, exit 64).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
