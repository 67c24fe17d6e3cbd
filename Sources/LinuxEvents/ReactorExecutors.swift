@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

/// Swift concurrency's main and global executors on `Reactor.shared`, for a program that names
/// `ReactorExecutors` as its `DefaultExecutorFactory`: every task, actor and continuation then runs
/// on the loop's one thread, and `Task.sleep` waits on the loop's clock. The default executors run
/// on libdispatch's pools, whose monitor wakes the process every second for as long as it lives.
///
/// Behind an SPI because the protocols it conforms to are SPI of `_Concurrency`: import it with
/// `@_spi(ReactorExecutors) import LinuxEvents`.
@_spi(ReactorExecutors) public struct ReactorExecutors: ExecutorFactory {
    enum Role { case main, global }

    public static var mainExecutor: any MainExecutor {
        // Both are asked for once, before the program's first job is queued: the main thread will
        // run the loop, so no job may start a thread for it.
        Reactor.shared.willRunOnCaller()
        return main
    }

    public static var defaultExecutor: any TaskExecutor {
        Reactor.shared.willRunOnCaller()
        return global
    }

    private static let main = ReactorMainExecutor(Reactor.shared)
    private static let global = ReactorGlobalExecutor(Reactor.shared)

    static func run(_ job: UnownedJob, as role: Role) {
        switch role {
        case .main: job.runSynchronously(on: main.asUnownedSerialExecutor())
        case .global: job.runSynchronously(on: global.asUnownedTaskExecutor())
        }
    }
}

/// The main actor's executor: the loop, run by the main thread.
final class ReactorMainExecutor: MainExecutor, SchedulingExecutor, @unchecked Sendable {
    let reactor: Reactor
    init(_ reactor: Reactor) { self.reactor = reactor }

    func enqueue(_ job: consuming ExecutorJob) { reactor.enqueue(task: UnownedJob(job), as: .main) }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        reactor.schedule(UnownedJob(job), as: .main, after: delay, clock: clock)
    }

    func run() throws { reactor.run() }
    func stop() { reactor.stop() }
}

/// The global executor: the same loop, so that nothing runs on libdispatch's pools.
final class ReactorGlobalExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    let reactor: Reactor
    init(_ reactor: Reactor) { self.reactor = reactor }

    func enqueue(_ job: consuming ExecutorJob) { reactor.enqueue(task: UnownedJob(job), as: .global) }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        reactor.schedule(UnownedJob(job), as: .global, after: delay, clock: clock)
    }
}

extension Reactor {
    /// A delayed job runs straight from the loop's clock. Both clocks Swift offers count in
    /// `Duration`; a delay in another clock's units runs at once rather than never.
    ///
    /// The loop's clock is `CLOCK_MONOTONIC`, whatever `clock` is: time spent in suspend does not
    /// count, so in reveilled a `ContinuousClock` sleep (`CLOCK_BOOTTIME` on Linux) ends that much
    /// later after a resume than Swift's own executors would end it. Nothing in the agent may rely
    /// on a sleep to reach an instant on the wall or boot clock: alarms, snoozes and wake-up
    /// checks wait on the wake timer's own `CLOCK_REALTIME` timerfd. `ReactorTests` checks the
    /// loop's clock.
    fileprivate func schedule<C: Clock>(_ job: UnownedJob, as role: ReactorExecutors.Role, after delay: C.Duration, clock: C) {
        after((delay as? Duration) ?? .zero) { ReactorExecutors.run(job, as: role) }
    }
}
