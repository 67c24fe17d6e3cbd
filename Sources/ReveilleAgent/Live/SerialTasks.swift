import Synchronization

/// Runs async jobs one after another, in the order they were added.
///
/// The core's effects (show, close, play, stop) are fire-and-forget calls from the actor;
/// running them here keeps their order without making the core wait on a desktop server.
final class SerialTasks: Sendable {
    private let continuation: AsyncStream<@Sendable () async -> Void>.Continuation
    /// Jobs added and not yet finished.
    private let open = OpenJobs()

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: (@Sendable () async -> Void).self)
        self.continuation = continuation
        Task.detached { [open] in
            for await job in stream {
                await job()
                open.count.subtract(1, ordering: .releasing)
            }
        }
    }

    deinit { continuation.finish() }

    /// Whether every job added so far has finished: then work started now overtakes none.
    var isIdle: Bool { open.count.load(ordering: .acquiring) == 0 }

    func add(_ job: @escaping @Sendable () async -> Void) {
        open.count.add(1, ordering: .acquiring)
        continuation.yield(job)
    }
}

private final class OpenJobs: Sendable {
    let count = Atomic(0)
}
