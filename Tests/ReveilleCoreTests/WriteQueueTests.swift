@testable import ReveilleCore
import ReveilleDomain
import ReveilleTime
import Testing

/// The core's writes on their way to the store's thread: each row once in its newest state, in
/// order, and a request's ticket answered when the write carrying its change is written or fails.
@Suite struct WriteQueueTests {
    let a = AlarmID("6f9619ff-8b86-4011-b42d-00c04fc964ff")!
    let b = AlarmID("7f9619ff-8b86-4011-b42d-00c04fc964ff")!

    @Test func aNewerStateOfARowReplacesTheOlderAndTakesOverItsTickets() {
        var queue = WriteQueue()
        let first = queue.add(.alarm(a), ticketed: true)
        _ = queue.add(.alarm(b), ticketed: false)
        let second = queue.add(.alarm(a), ticketed: true)
        #expect(queue.pending.map(\.write) == [.alarm(b), .alarm(a)])
        #expect(queue.pending.last?.tickets == [first!, second!])
        _ = queue.add(.deleted(a), ticketed: false)
        #expect(queue.pending.map(\.write) == [.alarm(b), .deleted(a)])
        #expect(queue.pending.last?.tickets == [first!, second!])
    }

    @Test func writtenTicketsAreSavedAndAFailureAnswersEveryWaitingOneAndKeepsTheWrites() {
        var queue = WriteQueue()
        let one = queue.add(.alarm(a), ticketed: true)!
        let two = queue.add(.alarm(b), ticketed: true)!
        #expect(queue.handOver().count == 2)
        #expect(queue.isWriting)
        let three = queue.add(.cardDeleted("Hall"), ticketed: true)!
        let (saved, unsaved) = queue.finished(written: 1, failed: true)
        #expect(saved == [one])
        #expect(unsaved == [two, three])
        #expect(!queue.isWriting)
        // The unwritten write waits again ahead of what came meanwhile, with no request waiting on either.
        #expect(queue.pending == [WriteQueue.Entry(write: .alarm(b)), WriteQueue.Entry(write: .cardDeleted("Hall"))])
    }

    @Test func anUnwrittenWriteThatANewerOneReplacedMeanwhileIsDropped() {
        var queue = WriteQueue()
        _ = queue.add(.alarm(a), ticketed: false)
        _ = queue.handOver()
        _ = queue.add(.deleted(a), ticketed: false)
        _ = queue.finished(written: 0, failed: true)
        #expect(queue.pending.map(\.write) == [.deleted(a)])
    }

    @Test func aSuccessAnswersOnlyTheWrittenTickets() {
        var queue = WriteQueue()
        let one = queue.add(.alarm(a), ticketed: true)!
        _ = queue.handOver()
        let two = queue.add(.alarm(b), ticketed: true)!
        let (saved, unsaved) = queue.finished(written: 1, failed: false)
        #expect(saved == [one] && unsaved.isEmpty)
        #expect(queue.pending.map(\.tickets) == [[two]])
    }
}
