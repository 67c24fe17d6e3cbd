import Dispatch
import Glibc
import Synchronization

/// A thread of its own where blocking work runs, one job at a time in the order given: the
/// sound server's calls (libpulse waits up to its timeout for a hung server) and the alarm
/// database's (SQLite waits up to its busy timeout for a lock). On such a thread that wait holds
/// up only the work behind it, never the event loop that answers D-Bus and rings alarms.
public final class WorkerThread: Sendable {
    private let jobs: Jobs

    /// Starts the thread.
    public init() {
        jobs = Jobs()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { data in
            let jobs = Unmanaged<Jobs>.fromOpaque(data!).takeRetainedValue()
            while let job = jobs.next() { job() }
            return nil
        }, Unmanaged.passRetained(jobs).toOpaque())
        precondition(started == 0, "cannot start a worker thread: error \(started)")
        pthread_detach(thread)
    }

    deinit {
        // Work already scheduled still runs; then the thread ends.
        jobs.finish()
    }

    /// Runs `work` on this thread, after the work scheduled before it.
    public func schedule(_ work: @escaping @Sendable () -> Void) {
        jobs.add(work)
    }

    /// Runs `work` on this thread and returns its result, suspending the caller (not blocking its
    /// thread) meanwhile; nil if it has not finished within `limit` (it still runs to its end).
    public func perform<T: Sendable>(within limit: Duration, _ work: @escaping @Sendable () -> T) async -> T? {
        await withCheckedContinuation { continuation in
            let answer = FirstAnswer(continuation)
            // A task's sleep, not a Dispatch timer: it runs on whatever executor the program uses.
            let deadline = Task {
                try? await Task.sleep(for: limit)
                answer.give(nil)
            }
            schedule {
                answer.give(work())
                deadline.cancel()
            }
        }
    }
}

/// Resumes a continuation with whichever answer comes first: the work's or the deadline's.
private final class FirstAnswer<T: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<T?, Never>?>

    init(_ continuation: CheckedContinuation<T?, Never>) { self.continuation = Mutex(continuation) }

    func give(_ value: T?) {
        continuation.withLock { $0.take() }?.resume(returning: value)
    }
}

/// The thread's work, waiting its turn. A semaphore counts it, so the idle thread sleeps.
private final class Jobs: Sendable {
    private let waiting = Mutex<(work: [@Sendable () -> Void], finished: Bool)>(([], false))
    private let count = DispatchSemaphore(value: 0)

    func add(_ work: @escaping @Sendable () -> Void) {
        waiting.withLock { $0.work.append(work) }
        count.signal()
    }

    func finish() {
        waiting.withLock { $0.finished = true }
        count.signal()
    }

    /// The next job, waiting for one; nil once finished and nothing is left.
    func next() -> (@Sendable () -> Void)? {
        while true {
            count.wait()
            let job = waiting.withLock { waiting -> (@Sendable () -> Void)?? in
                if !waiting.work.isEmpty { return .some(waiting.work.removeFirst()) }
                return waiting.finished ? .some(nil) : nil
            }
            if let job { return job }
        }
    }
}
