import Dispatch
import Glibc
import LinuxEvents
import Synchronization
import SystemSupport

/// Reads a QR code with the webcam through `zbarcam` from zbar-tools, started directly (never
/// through a shell). Offered only when `zbarcam` is installed; typing the code always works.
final class WebcamScanner: Sendable {
    private let program: String
    /// The running scan's process, to stop it when the screen closes first. Scans are numbered:
    /// one may end before `spawn` returns its pid, and the pid of one that ended may be reused.
    private let children = Mutex<(running: Int32?, started: Int, ended: Set<Int>)>((nil, 0, []))

    /// nil when no `zbarcam` is on `PATH`.
    init?(path: String = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin") {
        guard let program = Spawner.which("zbarcam", path: path) else { return nil }
        self.program = program
    }

    /// Starts one scan; `done` gets the code it read, or nil when it read none (no camera, closed window).
    ///
    /// zbarcam's output goes to a private temporary file, read once it has exited: with `--oneshot`
    /// it exits after the first code, and `--raw` prints the code alone on its last line.
    func scan(done: @escaping @Sendable (String?) -> Void) {
        var template = Array("/tmp/reveille-scan-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return done(nil) }
        close(descriptor)
        let output = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let number = children.withLock { children in
            children.started += 1
            return children.started
        }
        do {
            let pid = try Spawner.spawn(
                argv: [program, "--raw", "--oneshot", "--quiet"], environment: Spawner.currentEnvironment(),
                streams: .outputToFile(output)
            ) { [weak self] termination in
                self?.children.withLock { children in
                    children.ended.insert(number)
                    if children.started == number { children.running = nil }
                }
                let text = (try? readSmallFile(output)).map { String(decoding: $0, as: UTF8.self) }
                unlink(output)
                let lines = text?.split(whereSeparator: \.isNewline) ?? []
                done(termination == .exited(0) ? lines.last.map(String.init) : nil)
            }
            children.withLock { children in
                if !children.ended.contains(number) { children.running = pid }
            }
        } catch {
            unlink(output)
            done(nil)
        }
    }

    /// Stops a scan still running: its window must not outlive the screen.
    func stop() {
        children.withLock { children in
            if let pid = children.running { kill(pid, SIGTERM) }
            children.running = nil
        }
    }
}
