@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import Foundation
import Testing

/// `QueryString`'s byte-wise percent coding answers as Foundation's did, which it replaced for
/// speed (an envelope's query is encoded on the connection's thread).
struct QueryStringPercentTests {
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    @Test(arguments: ["", "abc-._~XYZ09", #"{"title":{"$in":["a b","é","日本","😀"]}}"#, "a+b&c=d%e/f?g#h", "\u{0}\u{7F}\r\n"])
    func escape_matchesFoundation(text: String) {
        #expect(QueryString.escape(text) == text.addingPercentEncoding(withAllowedCharacters: Self.unreserved))
    }

    @Test(arguments: ["", "a+b", "%7B%22a%22%3A1%7D", "%e6%97%a5", "%E6%97%A5+x", "100%", "%zz", "%4", "%FF", "%C3", "a%2Bb", "%00"])
    func unescape_matchesFoundation(text: String) {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        #expect(QueryString.unescape(text[...]) == (spaced.removingPercentEncoding ?? spaced))
    }
}
