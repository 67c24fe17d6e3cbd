import Glibc
import SystemSupport

/// Fires once, with the process's exit status; everyone waiting wakes. The first firing's status wins.
final class ShutdownSignal: Sendable {
    private let status = OneShot<Int32>()

    var hasFired: Bool { status.value != nil }

    func fire(exitStatus: Int32 = 0) { status.set(exitStatus) }

    func wait() async -> Int32 { await status.wait() }
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
