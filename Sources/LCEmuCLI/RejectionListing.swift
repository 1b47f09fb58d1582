import EmuAPI
import Primitives

/// How `lcemu import` lists rejected objects on standard error: one line each, with the file,
/// the object's position and line, the reason and LeanCloud's code; at most `limit` lines, then
/// how many more (a file of 100,000 bad rows should not bury the terminal).
enum RejectionListing {
    static let limit = 100

    static func lines(_ rejections: [ImportRejection], file: String) -> [String] {
        var lines = rejections.prefix(limit).map { "lcemu: \(file): \($0.listing)" }
        if rejections.count > limit {
            lines.append("lcemu: \(file): … and \(rejections.count - limit) more rejected objects")
        }
        return lines
    }

    static func print(_ rejections: [ImportRejection], file: String) {
        for line in lines(rejections, file: file) { StandardStream.error.write(line + "\n") }
    }
}
