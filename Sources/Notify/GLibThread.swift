import CNotify
import Dispatch

/// A thread that iterates its own GLib main context, where every libnotify
/// call runs: libnotify is not thread-safe, and it delivers actions and
/// `closed` only while the context its D-Bus proxy was made in is iterated.
/// The rest of the process (Dispatch, Swift concurrency) never waits on GLib.
final class GLibThread: Sendable {
    private let loop: Loop
    // Used only by init and deinit, which never overlap.
    private nonisolated(unsafe) let thread: UnsafeMutablePointer<GThread>

    init(name: String) {
        loop = Loop()
        thread = g_thread_new(name, { data in
            let loop = Unmanaged<Loop>.fromOpaque(data!).takeRetainedValue()
            // Made thread-default, the context is where libnotify's GDBus
            // proxy, created on this thread, delivers its signals.
            g_main_context_push_thread_default(loop.context)
            g_main_loop_run(loop.loop)
            g_main_context_pop_thread_default(loop.context)
            return nil
        }, Unmanaged.passRetained(loop).toOpaque())
    }

    deinit {
        // Queued behind work already scheduled, so that work still runs.
        schedule { [loop] in g_main_loop_quit(loop.loop) }
        if isCurrent {
            // The last reference went away in work running on this thread:
            // it cannot join itself; the thread's own reference keeps `loop`.
            g_thread_unref(thread)
        } else {
            g_thread_join(thread)
        }
    }

    /// The main context this thread iterates, for sources that must fire on it.
    var context: OpaquePointer { loop.context }

    /// Whether the caller is running on this thread, inside its loop.
    var isCurrent: Bool { g_main_context_is_owner(loop.context) != 0 }

    /// Runs `work` on this thread, soon; at once when already on it.
    /// The corresponding C function is `g_main_context_invoke_full`.
    func schedule(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        g_main_context_invoke_full(
            loop.context, 0 /* G_PRIORITY_DEFAULT */,
            { data in
                Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().run()
                return cnotify_source_remove()
            },
            box,
            { data in Unmanaged<Work>.fromOpaque(data!).release() }
        )
    }

    /// Runs `work` on this thread and returns its result, suspending the
    /// caller (not blocking its thread) meanwhile.
    func perform<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            schedule { continuation.resume(returning: work()) }
        }
    }

    /// Runs `work` on this thread and blocks until it has run: for `init`
    /// and `deinit`, which cannot suspend.
    func performAndWait(_ work: @escaping @Sendable () -> Void) {
        if isCurrent { return work() }
        let done = DispatchSemaphore(value: 0)
        schedule {
            work()
            done.signal()
        }
        done.wait()
    }
}

/// A GLib main context and the loop that iterates it, freed with the last
/// of the GLibThread and its thread to let go.
private final class Loop: Sendable {
    // GLib's main context and loop calls used from other threads
    // (g_main_context_invoke_full, g_main_context_is_owner, g_main_loop_quit)
    // are thread-safe.
    nonisolated(unsafe) let context: OpaquePointer
    nonisolated(unsafe) let loop: OpaquePointer

    init() {
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
    }

    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }
}

private final class Work: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
