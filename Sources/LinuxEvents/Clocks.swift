import Glibc
import SystemSupport

/// Wall-clock time now: seconds and nanoseconds since the Unix epoch.
///
/// The corresponding C function is `clock_gettime(CLOCK_REALTIME)`.
public func realtimeNow() -> (seconds: Int64, nanoseconds: Int) {
    read(clock: CLOCK_REALTIME)
}

/// Time since an arbitrary start that never jumps: for measuring intervals, not for telling time.
///
/// The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
public func monotonicNow() -> (seconds: Int64, nanoseconds: Int) {
    read(clock: CLOCK_MONOTONIC)
}

/// `monotonicNow()` in nanoseconds, for measuring intervals.
public func monotonicNanoseconds() -> Int64 {
    let now = monotonicNow()
    return now.seconds * 1_000_000_000 + Int64(now.nanoseconds)
}

/// Seconds the machine has spent suspended since it booted: `CLOCK_BOOTTIME` counts them and
/// `CLOCK_MONOTONIC` does not, and both are slewed alike, so their difference grows only in a suspend.
public func secondsSuspended() -> Int64 {
    let boot = read(clock: CLOCK_BOOTTIME)
    let monotonic = read(clock: CLOCK_MONOTONIC)
    let nanoseconds = (boot.seconds - monotonic.seconds) * 1_000_000_000 + Int64(boot.nanoseconds - monotonic.nanoseconds)
    return nanoseconds / 1_000_000_000
}

private func read(clock: clockid_t) -> (seconds: Int64, nanoseconds: Int) {
    var now = timespec()
    // clock_gettime fails only for an unknown clock or a bad pointer; neither can happen here.
    do { try check("clock_gettime", clock_gettime(clock, &now)) } catch { fatalError("\(error)") }
    return (Int64(now.tv_sec), now.tv_nsec)
}
