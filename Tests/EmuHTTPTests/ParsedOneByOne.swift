import EmuHTTP

/// The requests of `raw`, each piece appended in turn to one parser and read as far as it
/// goes: what a connection's parser sees from a client sending those pieces one after another.
func requestsParsedOneByOne(_ raw: [String]) throws -> [HTTPRequest] {
    var parser = HTTPRequestParser()
    var requests: [HTTPRequest] = []
    for text in raw {
        parser.append(contentsOf: Array(text.utf8))
        while let event = try parser.next() {
            if case .request(let request) = event { requests.append(request) }
        }
    }
    return requests
}
