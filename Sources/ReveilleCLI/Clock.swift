import Glibc

/// Seconds since the Unix epoch, from the real-time clock.
func realtimeSeconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Int64(spec.tv_sec)
}
