import CNotify
import Glibc
import ReveilleTime
import SystemSupport
import Synchronization

/// A notification that shows itself at a wall-clock second, unless it is taken over or cancelled
/// before: made by `Notifier.schedule`.
///
/// Everything that can be done ahead is: libnotify connects to the bus if it has not yet, the
/// `NotifyNotification` is built with its content, actions and hints, and the GLib thread waits on a timer of its own (a `timerfd` on
/// `CLOCK_REALTIME`, armed at the second), so that at that second it wakes and sends `Notify`
/// with no other thread to wait for. It does not show on its own when the wall clock was set
/// meanwhile, or when it wakes more than `lateness` after the second (a resume from suspend):
/// then only `take` shows it.
///
/// `take` hands it over as a `PendingNotification`, shown at once if it was not yet, with the
/// content asked for then; `cancel`, or dropping it untaken, withdraws it, from the screen too.
public final class ScheduledNotification: Sendable {
    private let notifier: Notifier
    private let scheduled: Scheduled
    /// Whether it is still the caller's to take or cancel: each happens at most once.
    private let open = Atomic<Bool>(true)

    /// How late a wake may come and still show on its own.
    public static let lateness: Duration = .seconds(1)

    init(notifier: Notifier, scheduled: Scheduled) {
        self.notifier = notifier
        self.scheduled = scheduled
    }

    deinit {
        if open.load(ordering: .acquiring) { notifier.thread.schedule { [scheduled] in scheduled.withdraw() } }
    }

    /// Shows `content` now unless what shows (or was about to) is that already, and hands the
    /// notification over: `PendingNotification.value` gives it once the server has it. Once
    /// cancelled, it gives an error of kind `.cancelled`.
    public func take(_ content: NotificationContent) -> PendingNotification {
        let pending = PendingNotification(notifier: notifier)
        guard open.exchange(false, ordering: .acquiringAndReleasing) else {
            pending.finish(.failure(NotifyError(.cancelled, function: "notify_notification_show",
                                                message: "the scheduled notification was taken or cancelled before")))
            return pending
        }
        do throws(NotifyError) {
            try content.validate()
        } catch {
            pending.finish(.failure(error))
            notifier.thread.schedule { [scheduled] in scheduled.withdraw() }
            return pending
        }
        notifier.thread.schedule { [scheduled] in pending.finish(scheduled.show(content)) }
        return pending
    }

    /// Withdraws it: it will not show, and leaves the screen if it already did.
    /// The corresponding C function is `notify_notification_close`.
    public func cancel() {
        guard open.exchange(false, ordering: .acquiringAndReleasing) else { return }
        notifier.thread.schedule { [scheduled] in scheduled.withdraw() }
    }
}

extension Notifier {
    /// Gets `content` ready to show at `second` (Unix time) on the GLib thread, with the
    /// notification built now; see `ScheduledNotification`. Content that cannot be sent is
    /// refused here. `onAction` and `onClosed` are as in `post`.
    public func schedule(
        _ content: NotificationContent,
        at second: Instant,
        onAction: @escaping @Sendable (String) -> Void,
        onClosed: @escaping @Sendable (CloseReason) -> Void
    ) throws(NotifyError) -> ScheduledNotification {
        try content.validate()
        let scheduled = Scheduled(content: content, second: second, onAction: onAction, onClosed: onClosed)
        thread.schedule { [self] in
            connectAhead()
            scheduled.arm(on: thread)
        }
        return ScheduledNotification(notifier: self, scheduled: scheduled)
    }
}

/// The GLib thread's side of a `ScheduledNotification`: every member but `init` runs there.
final class Scheduled: @unchecked Sendable {
    private let content: NotificationContent
    private let second: Instant
    private let onAction: @Sendable (String) -> Void
    private let onClosed: @Sendable (CloseReason) -> Void
    /// Built by `arm`; nil once withdrawn, or after a show failed.
    private var handle: NotificationHandle?
    /// What `handle` was last given.
    private var applied: NotificationContent?
    private var timer: (descriptor: Int32, source: UnsafeMutablePointer<GSource>)?
    /// Taken or withdrawn: the timer shows nothing more.
    private var settled = false

    init(content: NotificationContent, second: Instant,
         onAction: @escaping @Sendable (String) -> Void, onClosed: @escaping @Sendable (CloseReason) -> Void) {
        self.content = content
        self.second = second
        self.onAction = onAction
        self.onClosed = onClosed
    }

    /// Builds the notification and arms the timer. Without a timer (no descriptor left), it
    /// shows only when taken.
    func arm(on thread: GLibThread) {
        guard !settled else { return }
        _ = try? prepared(content)
        let descriptor = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard descriptor >= 0 else { return }
        var deadline = itimerspec()
        deadline.it_value.tv_sec = Int(second.secondsSinceEpoch)
        guard timerfd_settime(descriptor, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &deadline, nil) == 0 else {
            close(descriptor)
            return
        }
        let source = cnotify_watch_readable(thread.context, descriptor, { _, _, data in
            Unmanaged<Scheduled>.fromOpaque(data!).takeUnretainedValue().timerFired()
            return cnotify_source_remove()
        }, Unmanaged.passRetained(self).toOpaque(), { data in Unmanaged<Scheduled>.fromOpaque(data!).release() })
        timer = (descriptor, source!)
    }

    /// The handle holding `content`, built or updated as needed.
    private func prepared(_ content: NotificationContent) throws(NotifyError) -> NotificationHandle {
        let handle = handle ?? NotificationHandle(summary: content.summary, onAction: onAction, onClosed: onClosed)
        self.handle = handle
        if applied != content {
            applied = nil
            try handle.apply(content)
            applied = content
        }
        return handle
    }

    private func timerFired() {
        var expirations: UInt64 = 0
        let read = Glibc.read(timer?.descriptor ?? -1, &expirations, MemoryLayout<UInt64>.size)
        disarm()
        // ECANCELED: the wall clock was set, and the second may no longer be the ring's.
        guard read == MemoryLayout<UInt64>.size, !settled else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let late = Duration.seconds(Int64(now.tv_sec) - second.secondsSinceEpoch) + .nanoseconds(now.tv_nsec)
        guard late <= ScheduledNotification.lateness else { return }
        _ = try? present(content)
    }

    /// For `take`: shows `content` unless it shows already; the handle passes to the taker.
    func show(_ content: NotificationContent) -> Result<NotificationHandle, NotifyError> {
        disarm()
        settled = true
        let result = Result { () throws(NotifyError) in try present(content) }
        handle = nil
        return result
    }

    private func present(_ content: NotificationContent) throws(NotifyError) -> NotificationHandle {
        let handle: NotificationHandle
        do throws(NotifyError) {
            let changed = applied != content
            handle = try prepared(content)
            if changed || !handle.isOnScreen { try handle.present() }
        } catch {
            self.handle?.release()
            self.handle = nil
            applied = nil
            throw error
        }
        return handle
    }

    /// For `cancel`: no show from now on, and off the screen if it showed.
    func withdraw() {
        disarm()
        settled = true
        handle?.release()
        handle = nil
    }

    private func disarm() {
        guard let timer else { return }
        self.timer = nil
        g_source_destroy(timer.source)
        g_source_unref(timer.source)
        close(timer.descriptor)
    }
}
