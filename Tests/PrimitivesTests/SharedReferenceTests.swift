import Dispatch
import Primitives
import Testing

@Suite struct SharedReferenceTests {
    /// An object that counts its own end, and carries a value twice to show it was read whole.
    final class Counted: Sendable {
        let value: Int
        let copy: Int
        let ended: AtomicInteger

        init(_ value: Int, ended: AtomicInteger) {
            self.value = value
            copy = value
            self.ended = ended
        }

        deinit { ended.add(1) }
    }

    @Test func load_answersTheObject_andReplace_swapsIt() {
        let ended = AtomicInteger()
        let reference = SharedReference(Counted(1, ended: ended))
        #expect(reference.load().value == 1)
        let answer = reference.replace { old in (Counted(old.value + 1, ended: ended), "replaced") }
        #expect(answer == "replaced")
        #expect(reference.load().value == 2)
        #expect(ended.load() == 1)
        // No new object: the current one stays.
        #expect(reference.replace { _ in (nil, 7) } == 7)
        #expect(reference.load().value == 2)
        #expect(ended.load() == 1)
    }

    /// Readers on several threads while one replaces the object thousands of times: each read
    /// is a whole, live object, and every object replaced is freed once (none leaked).
    @Test func readsDuringReplacements_seeWholeObjects_andEveryOldOneIsFreed() {
        let ended = AtomicInteger()
        let replacements = 3_000
        do {
            let reference = SharedReference(Counted(0, ended: ended))
            let torn = AtomicInteger()
            let done = AtomicInteger()
            DispatchQueue.concurrentPerform(iterations: 5) { thread in
                if thread == 0 {
                    for value in 1...replacements { reference.replace { _ in (Counted(value, ended: ended), ()) } }
                    done.store(1)
                } else {
                    var last = 0
                    while done.load() == 0 {
                        let object = reference.load()
                        if object.value != object.copy || object.value < last { torn.add(1) }
                        last = object.value
                    }
                }
            }
            #expect(torn.load() == 0)
            #expect(reference.load().value == replacements)
            #expect(ended.load() == replacements)
        }
        #expect(ended.load() == replacements + 1)
    }
}
