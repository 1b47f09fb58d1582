import EmuAPI
import LCWire
import Testing

@Suite struct KeyProjectionTests {
    static let object: JSONObject = [
        "title": "t", "body": "b",
        "author": ["__type": "Pointer", "className": "_User", "objectId": "u1", "name": "Ann", "age": 3,
                   "createdAt": "c", "updatedAt": "u"],
        "comments": [["text": "x", "by": "y"], ["text": "z", "by": "w"]],
        "createdAt": "c", "updatedAt": "u", "objectId": "o",
    ]

    static let cases: [(String, String)] = [
        ("title", #"{"title":"t","createdAt":"c","updatedAt":"u","objectId":"o"}"#),
        (" title , body ", #"{"title":"t","body":"b","createdAt":"c","updatedAt":"u","objectId":"o"}"#),
        ("-title,-body,-author,-comments", #"{"createdAt":"c","updatedAt":"u","objectId":"o"}"#),
        ("title,-createdAt,-updatedAt,-objectId", #"{"title":"t"}"#),
        ("author.name",
         #"{"author":{"__type":"Pointer","className":"_User","objectId":"u1","name":"Ann","createdAt":"c","updatedAt":"u"},"createdAt":"c","updatedAt":"u","objectId":"o"}"#),
        ("author.name,-author.createdAt,-author.updatedAt,-createdAt,-updatedAt",
         #"{"author":{"__type":"Pointer","className":"_User","objectId":"u1","name":"Ann"},"objectId":"o"}"#),
        ("author,author.name,-createdAt,-updatedAt,-objectId,-author.age,-author.createdAt,-author.updatedAt",
         #"{"author":{"__type":"Pointer","className":"_User","objectId":"u1","name":"Ann"}}"#),
        ("comments.text,-createdAt,-updatedAt,-objectId", #"{"comments":[{"text":"x"},{"text":"z"}]}"#),
        ("-comments.by,-title,-body,-author,-createdAt,-updatedAt,-objectId", #"{"comments":[{"text":"x"},{"text":"z"}]}"#),
        ("title.deeper,-createdAt,-updatedAt,-objectId", #"{"title":"t"}"#),
    ]

    @Test(arguments: cases)
    func projection_selectsAndExcludes(keys: String, expected: String) throws {
        let projection = try #require(KeyProjection(keys))
        #expect(JSON.object(projection.apply(to: Self.object)).jsonString == expected)
    }

    @Test(arguments: ["", " ", ",,"])
    func emptyKeys_projectNothing(keys: String) {
        #expect(KeyProjection(keys) == nil)
    }
}
