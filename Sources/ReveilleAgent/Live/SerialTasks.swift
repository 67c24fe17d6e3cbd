/// Runs async jobs one after another, in the order they were added.
///
/// The core's effects (show, close, play, stop) are fire-and-forget calls from the actor;
/// running them here keeps their order without making the core wait on a desktop server.
final class SerialTasks: Sendable {
    private let continuation: AsyncStream<@Sendable () async -> Void>.Continuation

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: (@Sendable () async -> Void).self)
        self.continuation = continuation
        Task.detached {
            for await job in stream { await job() }
        }
    }

    deinit { continuation.finish() }

    func add(_ job: @escaping @Sendable () async -> Void) { continuation.yield(job) }
}
