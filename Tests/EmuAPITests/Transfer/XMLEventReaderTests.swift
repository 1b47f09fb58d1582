@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import Testing

struct XMLEventReaderTests {
    private func events(_ text: String) throws -> [XMLEvent] {
        var reader = XMLEventReader(Array(text.utf8))
        var events: [XMLEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    private func failure(_ text: String) -> XMLSyntaxError? {
        do { _ = try events(text); return nil } catch { return error as? XMLSyntaxError }
    }

    @Test func reader_reportsElementsAttributesAndText_inOrder() throws {
        #expect(try events("<?xml version=\"1.0\"?><!-- c --><a k='v &amp; w'>x<b/>y</a>") == [
            .start(name: "a", namespace: nil, attributes: ["k": "v & w"]),
            .text("x"),
            .start(name: "b", namespace: nil, attributes: [:]), .end(name: "b", namespace: nil),
            .text("y"),
            .end(name: "a", namespace: nil),
        ])
    }

    @Test func reader_resolvesPrefixes_andTheDefaultNamespace_byScope() throws {
        let text = "<r xmlns='urn:d' xmlns:p='urn:p'><p:x/><y xmlns='urn:e'/></r>"
        let starts = try events(text).compactMap { event -> String? in
            guard case .start(let name, let namespace, _) = event else { return nil }
            return "\(name)@\(namespace ?? "-")"
        }
        #expect(starts == ["r@urn:d", "x@urn:p", "y@urn:e"])
    }

    @Test func reader_decodesEntities_andKeepsCDATAVerbatim() throws {
        let all = try events("<a>&lt;p&gt; &#233;&#x1F600;<![CDATA[<b>&amp;</b>]]></a>")
        #expect(all.dropFirst().first == .text("<p> é😀"))
        #expect(all.dropFirst(2).first == .text("<b>&amp;</b>"))
    }

    @Test func reader_skipsADoctypeWithAnInternalSubset() throws {
        #expect(try events("<!DOCTYPE a [<!ENTITY x \"y\">]><a/>").count == 2)
    }

    @Test(arguments: [
        ("", "no root element"),
        ("{\"results\":[]}", "text before the root element"),
        ("  just text", "text before the root element"),
    ])
    func reader_saysNotXML_whenNoDocumentStarts(text: String, reason: String) {
        let error = failure(text)
        #expect(error?.isNotXML == true && error?.reason == reason)
    }

    @Test(arguments: [
        ("<a>\n<b>\n</c>\n</a>", 3, "</c> does not close <b>"),
        ("<a>", 1, "<a> is not closed"),
        ("<a/>trailing", 1, "text after the root element"),
        ("<a/><b/>", 1, "a second root element"),
        ("<a>&nbsp;</a>", 1, "unknown entity &nbsp;"),
        ("<a k=v/>", 1, "unquoted attribute k in <a>"),
        ("<a><![CDATA[x</a>", 1, "unexpected end: ]]> missing"),
    ])
    func reader_reportsWhereAndWhy_aDocumentBreaks(text: String, line: Int, reason: String) {
        let error = failure(text)
        #expect(error?.isNotXML == false)
        #expect(error?.line == line)
        #expect(error?.reason == reason)
    }
}
