import CLinux
import Glibc
import Synchronization
import SystemSupport

/// One thread, one `epoll` descriptor: the agent's whole event loop.
///
/// It runs jobs in the order they were queued, calls a descriptor's handlers when it is ready,
/// and runs timed work from one monotonic `timerfd`. Nothing in it wakes on its own: it sleeps in
/// `epoll_wait` until a descriptor is ready, a deadline passes, or another thread queues a job
/// (through an `eventfd`). libdispatch's pools start a repeating one-second monitor as soon as any
/// of their threads runs; this loop is what keeps the agent off them.
///
/// `shared` is the process's loop. `reveilled` runs it on its main thread, as the executor of
/// Swift concurrency (`ReactorExecutors`); any other process gets it on a thread of its own, started
/// the first time work is queued.
///
/// Sendable by hand: the mutable tables sit behind one mutex, and the descriptors are only used
/// through system calls that are thread-safe.
public final class Reactor: @unchecked Sendable {
    /// The process's event loop.
    public static let shared: Reactor = {
        do { return try Reactor() } catch { fatalError("cannot create the event loop: \(error)") }
    }()

    /// What a descriptor is watched for, and what it reported.
    public struct Readiness: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let readable = Readiness(rawValue: UInt32(EPOLLIN.rawValue))
        public static let writable = Readiness(rawValue: UInt32(EPOLLOUT.rawValue))
        /// Reported, never asked for: the peer hung up, or the descriptor has an error.
        public static let hungUp = Readiness(rawValue: UInt32(EPOLLHUP.rawValue))
        public static let failed = Readiness(rawValue: UInt32(EPOLLERR.rawValue))
    }

    private let epoll: Int32
    /// Written by other threads to end a sleep in `epoll_wait`.
    private let wake: Int32
    /// Armed at the earliest deadline of `State.timers`: a `CLOCK_MONOTONIC` timerfd, which
    /// stands still while the machine is suspended.
    let clock: Int32
    private let state = Mutex(State())
    /// The `pthread_self` of the thread in `run`, 0 while none is.
    private let runner = Atomic<UInt>(0)

    private enum Job {
        case work(@Sendable () -> Void)
        case task(UnownedJob, ReactorExecutors.Role)
    }

    private struct Watcher {
        let id: UInt64
        var interest: Readiness
        let handler: @Sendable (Readiness) -> Void
    }

    private struct Timer {
        let id: UInt64
        let deadline: UInt64
        let work: @Sendable () -> Void
    }

    private struct State {
        var jobs: [Job] = []
        var watchers: [Int32: [Watcher]] = [:]
        /// Sorted by deadline, then by the order they were added.
        var timers: [Timer] = []
        var armedDeadline: UInt64?
        var nextID: UInt64 = 1
        var wakePending = false
        var stopped = false
        /// Whoever runs the loop has said so; until then, queuing work starts a thread for it.
        var isDriven = false
    }

    /// Creates a loop that runs once `run` is called, or on a thread started when work arrives.
    ///
    /// The corresponding C functions are `epoll_create1`, `eventfd` and `timerfd_create`.
    public init() throws {
        epoll = try check("epoll_create1", epoll_create1(Int32(EPOLL_CLOEXEC)))
        var opened: [Int32] = [epoll]
        do {
            wake = try check("eventfd", eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)))
            opened.append(wake)
            clock = try check("timerfd_create(monotonic)",
                              timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC)))
            opened.append(clock)
            try Reactor.add(wake, to: epoll)
            try Reactor.add(clock, to: epoll)
        } catch {
            opened.forEach { _ = Glibc.close($0) }
            throw error
        }
    }

    deinit {
        Glibc.close(clock)
        Glibc.close(wake)
        Glibc.close(epoll)
    }

    private static func add(_ fd: Int32, to epoll: Int32) throws {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = fd
        _ = try check("epoll_ctl(add \(fd))", epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event))
    }

    /// Whether the caller runs on the loop's thread.
    public var isCurrent: Bool { runner.load(ordering: .acquiring) == pthread_self() }

    // MARK: - Jobs

    /// Runs `work` on the loop's thread, after the jobs queued before it.
    public func async(_ work: @escaping @Sendable () -> Void) { enqueue(.work(work)) }

    /// Runs `work` on the loop's thread and returns its result; at once when already on it.
    public func sync<T>(_ work: () -> T) -> T {
        if isCurrent { return work() }
        return withoutActuallyEscaping(work) { work in
            // The semaphore orders the writes on the loop's thread before the reads here, and the
            // slot lets go of `work` before signalling, so that it does not outlive this call.
            let slot = UncheckedSlot<T>(work)
            let done = Semaphore()
            async {
                slot.value = slot.work!()
                slot.work = nil
                done.signal()
            }
            done.wait()
            return slot.value!
        }
    }

    func enqueue(task job: UnownedJob, as role: ReactorExecutors.Role) { enqueue(.task(job, role)) }

    private func enqueue(_ job: Job) {
        let onLoop = isCurrent
        let (mustWake, mustStart) = state.withLock { state -> (Bool, Bool) in
            state.jobs.append(job)
            let mustStart = !state.isDriven
            state.isDriven = true
            guard !onLoop, !state.wakePending else { return (false, mustStart) }
            state.wakePending = true
            return (true, mustStart)
        }
        if mustStart { startThread() }
        if mustWake { signalWake() }
    }

    private func signalWake() {
        var one: UInt64 = 1
        // EAGAIN means the counter is full, which wakes the loop just as well.
        _ = Glibc.write(wake, &one, MemoryLayout<UInt64>.size)
    }

    // MARK: - Descriptors

    /// A descriptor's registration; `cancel` (or dropping it) ends the calls to its handler.
    public final class Watch: Sendable {
        private let reactor: Reactor
        private let fd: Int32
        private let id: UInt64
        private let cancelled = Atomic(false)

        fileprivate init(reactor: Reactor, fd: Int32, id: UInt64) {
            self.reactor = reactor
            self.fd = fd
            self.id = id
        }

        deinit { cancel() }

        /// On the loop's thread the handler is never called again once this returns; from another
        /// thread, once the loop has run the jobs queued before.
        public func cancel() {
            guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
            if reactor.isCurrent {
                reactor.remove(fd: fd, id: id)
            } else {
                reactor.async { [reactor, fd, id] in reactor.remove(fd: fd, id: id) }
            }
        }
    }

    /// Calls `handler` on the loop's thread whenever `fd` is ready for `interest` (level-triggered,
    /// so a handler that leaves data unread is called again). Several watches may share a
    /// descriptor. The caller keeps owning `fd`: it must close it only on the loop's thread, after
    /// the watch was dropped there, or with `closing(_:after:)`.
    ///
    /// The corresponding C function is `epoll_ctl`.
    public func watch(_ fd: Int32, for interest: Readiness, handler: @escaping @Sendable (Readiness) -> Void) throws -> Watch {
        let id = try state.withLock { state throws -> UInt64 in
            let id = state.nextID
            state.nextID += 1
            let before = Reactor.union(state.watchers[fd])
            state.watchers[fd, default: []].append(Watcher(id: id, interest: interest, handler: handler))
            do { try update(fd, from: before, to: Reactor.union(state.watchers[fd])) } catch {
                state.watchers[fd]?.removeAll { $0.id == id }
                if state.watchers[fd]?.isEmpty == true { state.watchers[fd] = nil }
                throw error
            }
            return id
        }
        return Watch(reactor: self, fd: fd, id: id)
    }

    /// Cancels `watch` and closes `fd` on the loop's thread, after the jobs queued before, so that
    /// no handler runs on a closed (or reused) descriptor.
    public func closing(_ fd: Int32, after watch: Watch?) {
        async { [fd] in
            watch?.cancel()
            Glibc.close(fd)
        }
    }

    private func remove(fd: Int32, id: UInt64) {
        state.withLock { state in
            let before = Reactor.union(state.watchers[fd])
            state.watchers[fd]?.removeAll { $0.id == id }
            let after = Reactor.union(state.watchers[fd])
            if state.watchers[fd]?.isEmpty == true { state.watchers[fd] = nil }
            // The descriptor may already be closed, which removed it from the set.
            try? update(fd, from: before, to: after)
        }
    }

    private static func union(_ watchers: [Watcher]?) -> Readiness {
        (watchers ?? []).reduce(into: Readiness()) { $0.formUnion($1.interest) }
    }

    /// Changes the set's interest in `fd`; a descriptor nobody watches leaves the set.
    private func update(_ fd: Int32, from before: Readiness, to after: Readiness) throws {
        guard before != after else { return }
        var event = epoll_event()
        event.events = after.rawValue
        event.data.fd = fd
        let operation = before.isEmpty ? EPOLL_CTL_ADD : (after.isEmpty ? EPOLL_CTL_DEL : EPOLL_CTL_MOD)
        _ = try check("epoll_ctl(\(operation) \(fd))", epoll_ctl(epoll, operation, fd, &event))
    }

    // MARK: - Timers

    /// Timed work, cancelled when dropped or with `cancel`.
    public final class Deadline: Sendable {
        private let reactor: Reactor
        private let id: UInt64

        fileprivate init(reactor: Reactor, id: UInt64) {
            self.reactor = reactor
            self.id = id
        }

        /// The work does not run, unless it has started already.
        public func cancel() { reactor.cancelTimer(id) }
    }

    /// Runs `work` on the loop's thread once `delay` has passed on the monotonic clock. The work
    /// runs even if the returned handle is dropped; `cancel` stops it.
    @discardableResult
    public func after(_ delay: Duration, _ work: @escaping @Sendable () -> Void) -> Deadline {
        let deadline = Reactor.monotonicNow() &+ Reactor.nanoseconds(delay)
        let id = state.withLock { state -> UInt64 in
            let id = state.nextID
            state.nextID += 1
            let index = state.timers.firstIndex { $0.deadline > deadline } ?? state.timers.endIndex
            state.timers.insert(Timer(id: id, deadline: deadline, work: work), at: index)
            return id
        }
        if isCurrent {
            rearm()
        } else {
            // An empty job wakes the loop, which re-arms its clock from the table before it sleeps
            // again (and, as the first work queued, starts its thread when nobody runs it).
            async {}
        }
        return Deadline(reactor: self, id: id)
    }

    private func cancelTimer(_ id: UInt64) {
        state.withLock { $0.timers.removeAll { $0.id == id } }
        // A clock armed for a cancelled timer only wakes the loop once, to find nothing due.
    }

    /// Arms the clock at the earliest deadline, if that changed; on the loop's thread.
    private func rearm() {
        let earliest = state.withLock { state -> UInt64?? in
            let earliest = state.timers.first?.deadline
            guard earliest != state.armedDeadline else { return .none }
            state.armedDeadline = earliest
            return .some(earliest)
        }
        guard case .some(let deadline) = earliest else { return }
        var spec = itimerspec()
        if let deadline {
            // An all-zero value would disarm: a deadline at 0 is long past, so 1 ns stands in.
            let at = max(deadline, 1)
            spec.it_value = timespec(tv_sec: Int(at / 1_000_000_000), tv_nsec: Int(at % 1_000_000_000))
        }
        do {
            _ = try check("timerfd_settime(event loop)", timerfd_settime(clock, Int32(TFD_TIMER_ABSTIME), &spec, nil))
        } catch {
            fatalError("the event loop cannot arm its clock: \(error)")
        }
    }

    private func runDueTimers() {
        var expirations: UInt64 = 0
        _ = Glibc.read(clock, &expirations, MemoryLayout<UInt64>.size)
        let now = Reactor.monotonicNow()
        let due = state.withLock { state -> [Timer] in
            state.armedDeadline = nil
            let count = state.timers.prefix { $0.deadline <= now }.count
            defer { state.timers.removeFirst(count) }
            return Array(state.timers.prefix(count))
        }
        for timer in due { timer.work() }
    }

    static func monotonicNow() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }

    // MARK: - Running

    /// Runs the loop on the calling thread until `stop`.
    public func run() {
        state.withLock { $0.isDriven = true }
        runner.store(pthread_self(), ordering: .releasing)
        defer { runner.store(0, ordering: .releasing) }
        var events = [epoll_event](repeating: epoll_event(), count: 32)
        while true {
            let (jobs, stopped) = state.withLock { state -> ([Job], Bool) in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return (state.jobs, state.stopped)
            }
            if stopped { return }
            for job in jobs { run(job) }
            rearm()
            let timeout: Int32 = state.withLock { $0.jobs.isEmpty && !$0.stopped } ? -1 : 0
            let count = events.withUnsafeMutableBufferPointer { buffer in
                epoll_wait(epoll, buffer.baseAddress, Int32(buffer.count), timeout)
            }
            guard count > 0 else { continue }  // EINTR, or nothing ready after jobs ran
            for event in events[..<Int(count)] { deliver(event) }
        }
    }

    /// Makes `run` return once the job running now is done.
    public func stop() {
        state.withLock { $0.stopped = true }
        if !isCurrent { signalWake() }
    }

    /// Tells the loop that the caller will call `run` (on the main thread, say), so that work
    /// queued before then does not start a thread of its own.
    public func willRunOnCaller() { state.withLock { $0.isDriven = true } }

    private func run(_ job: Job) {
        switch job {
        case .work(let work): work()
        case .task(let job, let role): ReactorExecutors.run(job, as: role)
        }
    }

    private func deliver(_ event: epoll_event) {
        let fd = event.data.fd
        if fd == wake {
            var count: UInt64 = 0
            _ = Glibc.read(wake, &count, MemoryLayout<UInt64>.size)
            state.withLock { $0.wakePending = false }
            return
        }
        if fd == clock { return runDueTimers() }
        // Errors and hang-ups are reported to every watcher: its next call finds out what it is.
        let ready = Readiness(rawValue: event.events)
        let failed = event.events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0
        let watchers = state.withLock { $0.watchers[fd] ?? [] }
        for watcher in watchers where failed || !watcher.interest.isDisjoint(with: ready) { watcher.handler(ready) }
    }

    private func startThread() {
        DetachedThread.start { [self] in run() }
    }
}

/// A thread of its own for one piece of work, joined by no one.
public enum DetachedThread {
    /// The corresponding C function is `pthread_create`.
    public static func start(_ work: @escaping @Sendable () -> Void) {
        final class Work { let run: @Sendable () -> Void; init(_ run: @escaping @Sendable () -> Void) { self.run = run } }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { data in
            Unmanaged<Work>.fromOpaque(data!).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(Work(work)).toOpaque())
        precondition(started == 0, "cannot start a thread: error \(started)")
        pthread_detach(thread)
    }
}

/// A counting semaphore on a mutex and a condition, for `sync`: it blocks the calling thread
/// without touching libdispatch.
final class Semaphore: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var count = 0

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func signal() {
        pthread_mutex_lock(mutex)
        count += 1
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    func wait() {
        pthread_mutex_lock(mutex)
        while count == 0 { pthread_cond_wait(condition, mutex) }
        count -= 1
        pthread_mutex_unlock(mutex)
    }
}

private final class UncheckedSlot<T>: @unchecked Sendable {
    var work: (() -> T)?
    var value: T?
    init(_ work: @escaping () -> T) { self.work = work }
}
