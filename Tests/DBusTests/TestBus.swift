import DBus
import Foundation
import Glibc

/// A private `dbus-daemon` on a socket in a temporary directory, so that no
/// test ever touches the machine's own buses. Stopped by `stop()` or when dropped.
final class TestBus: @unchecked Sendable {
    let address: String
    private let daemon: Process
    private let lifeline: Pipe
    private let directory: URL

    private init(address: String, daemon: Process, lifeline: Pipe, directory: URL) {
        self.address = address
        self.daemon = daemon
        self.lifeline = lifeline
        self.directory = directory
    }

    static func start() async throws -> TestBus {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dbus-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The config comes from the fixture every test bus shares, which names no service
        // directory of the machine's. Children of the test process start with SIGTERM
        // blocked, so the daemon is stopped with SIGKILL: by this shell when its stdin
        // closes, which also happens when the test process dies.
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/bin/sh")
        daemon.arguments = [
            "-c",
            """
            "$0" session "$1/bus" >"$1/bus.conf" || exit 1
            /usr/bin/dbus-daemon --config-file="$1/bus.conf" --nofork --print-address & read _; kill -9 $!
            """,
            busConfig.path, directory.path,
        ]
        let output = Pipe()
        let lifeline = Pipe()
        daemon.standardInput = lifeline
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // Other tests in this process spawn children too: a copy of the write end inherited by
        // one of them would keep the lifeline open, and `stop` would wait for ever.
        _ = fcntl(lifeline.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        // The daemon prints its address once it listens; read that line off the cooperative pool.
        let line = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var bytes = Data()
                while let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
                    bytes.append(byte)
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
        }
        let bus = TestBus(address: line, daemon: daemon, lifeline: lifeline, directory: directory)
        guard line.hasPrefix("unix:") else {
            bus.stop()
            throw DBusError(name: "test.NoBus", message: "dbus-daemon printed no address")
        }
        return bus
    }

    private static let busConfig = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures/bus-config.sh")

    func connect() throws -> Connection { try Connection(address: address) }

    func stop() {
        guard daemon.isRunning else { return }
        try? lifeline.fileHandleForWriting.close()
        daemon.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }

    /// Runs a command-line D-Bus tool against this bus and collects its output.
    func run(_ tool: String, _ arguments: [String]) async throws -> ToolResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let stdout = out.fileHandleForReading.readDataToEndOfFile()
                let stderr = err.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: ToolResult(
                    status: process.terminationStatus,
                    stdout: String(decoding: stdout, as: UTF8.self),
                    stderr: String(decoding: stderr, as: UTF8.self)))
            }
        }
    }
}

struct ToolResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A one-shot signal between a test and a handler, without timing.
final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() { (stream, continuation) = AsyncStream.makeStream(of: Void.self) }

    func open() { continuation.finish() }

    func wait() async {
        for await _ in stream {}
    }
}
