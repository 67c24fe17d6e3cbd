import Glibc
import Synchronization
import SystemSupport

/// Fires once, with the process's exit status; everyone waiting wakes. The first firing's status wins.
final class ShutdownSignal: Sendable {
    private let state = Mutex<(status: Int32?, waiters: [CheckedContinuation<Int32, Never>])>((nil, []))

    var hasFired: Bool { state.withLock { $0.status != nil } }

    func fire(exitStatus: Int32 = 0) {
        let (status, waiters) = state.withLock { state -> (Int32, [CheckedContinuation<Int32, Never>]) in
            if state.status == nil { state.status = exitStatus }
            defer { state.waiters = [] }
            return (state.status ?? exitStatus, state.waiters)
        }
        for waiter in waiters { waiter.resume(returning: status) }
    }

    func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let fired = state.withLock { state -> Int32? in
                if state.status == nil { state.waiters.append(continuation) }
                return state.status
            }
            if let fired { continuation.resume(returning: fired) }
        }
    }
}

/// This process's executable, from `/proc/self/exe`.
func executablePath() -> String {
    symbolicLinkTarget("/proc/self/exe") ?? "/usr/bin/reveilled"
}

/// Another program installed beside this one (`reveille` next to `reveilled`), or `$REVEILLE_CLI`.
func siblingExecutable(_ name: String, environment: [String: String]) -> String {
    if let override = environment["REVEILLE_CLI"], !override.isEmpty { return override }
    let directory = executablePath().split(separator: "/").dropLast().joined(separator: "/")
    return "/" + directory + "/" + name
}
