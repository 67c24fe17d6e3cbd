import Dispatch
import LinuxEvents
import Testing

@Suite struct WorkerThreadTests {
    @Test func runsWorkInTheOrderGiven() async {
        let thread = WorkerThread()
        let order = Order()
        for number in 1...50 { thread.schedule { order.append(number) } }
        let all = await thread.perform(within: .seconds(60)) { order.numbers }
        #expect(all == Array(1...50))
    }

    @Test func aCallerWaitsNoLongerThanItsBoundWhileTheThreadIsStuck() async {
        let thread = WorkerThread()
        let release = DispatchSemaphore(value: 0)
        // Stands for a libpulse call waiting on a hung server.
        thread.schedule { release.wait() }
        let answer = await thread.perform(within: .milliseconds(100)) { 42 }
        #expect(answer == nil)
        release.signal()
        #expect(await thread.perform(within: .seconds(60)) { 7 } == 7)
    }
}

private final class Order: @unchecked Sendable {
    private(set) var numbers: [Int] = []
    func append(_ number: Int) { numbers.append(number) }
}
