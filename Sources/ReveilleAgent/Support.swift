import Glibc
import Synchronization

/// Fires once; everyone waiting wakes.
final class ShutdownSignal: Sendable {
    private let state = Mutex<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.fired { return true }
                state.waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

/// This process's executable, from `/proc/self/exe`.
func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return "/usr/bin/reveilled" }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Another program installed beside this one (`reveille` next to `reveilled`), or `$REVEILLE_CLI`.
func siblingExecutable(_ name: String, environment: [String: String]) -> String {
    if let override = environment["REVEILLE_CLI"], !override.isEmpty { return override }
    let directory = executablePath().split(separator: "/").dropLast().joined(separator: "/")
    return "/" + directory + "/" + name
}
