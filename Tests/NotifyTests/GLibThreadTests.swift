import Testing

@testable import Notify

struct GLibThreadTests {
    @Test func workRunsOnTheGLibThreadNotTheCaller() async {
        let thread = GLibThread(name: "test")
        #expect(thread.isCurrent == false)
        #expect(await thread.perform { thread.isCurrent })
    }

    @Test func waitingForWorkFromTheGLibThreadItselfRunsItAtOnce() async {
        let thread = GLibThread(name: "test")
        let (done, continuation) = AsyncStream.makeStream(of: Bool.self)
        thread.schedule {
            // Queued behind this very work item, it would never run.
            thread.performAndWait { continuation.yield(thread.isCurrent) }
        }
        #expect(await firstValue(of: done) == true)
    }

    @Test func scheduledWorkRunsInOrder() async {
        let thread = GLibThread(name: "test")
        let (order, continuation) = AsyncStream.makeStream(of: Int.self)
        for index in 0..<100 { thread.schedule { continuation.yield(index) } }
        thread.schedule { continuation.finish() }
        var received: [Int] = []
        for await index in order { received.append(index) }
        #expect(received == Array(0..<100))
    }
}
