import Foundation
import Notify

/// A private session bus with python3-dbusmock's notification server, and the
/// one `Notifier` of this test process, shared by every test in the target.
///
/// GDBus reads DBUS_SESSION_BUS_ADDRESS once, on the process's first
/// connection, and keeps that connection: the address is set here, before
/// the `Notifier` exists, and "no server" is a stopped server on this same bus.
final class NotifySession: Sendable {
    static let shared = Result { try NotifySession() }

    let directory: String
    let address: String
    let notifier: Notifier

    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures")

    private init() throws {
        var template = Array("/tmp/notify-session-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw FixtureFailure(command: "mkdtemp", status: errno) }
        directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try Self.run(Self.fixtures.appendingPathComponent("notify-session.sh").path, ["bus", directory])
        address = try String(contentsOfFile: directory + "/address", encoding: .utf8)
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        atexit {
            if case .success(let session) = NotifySession.shared {
                try? session.fixture("stop")
                try? FileManager.default.removeItem(atPath: session.directory)
            }
        }
        try Self.run(Self.fixtures.appendingPathComponent("notify-session.sh").path, ["server", directory])
        notifier = try Notifier(appName: "reveille-tests")
    }

    /// Runs `notify-session.sh COMMAND DIR`: server, stop-server, stop.
    func fixture(_ command: String) throws {
        try Self.run(Self.fixtures.appendingPathComponent("notify-session.sh").path, [command, directory])
    }

    /// The argument lists of the mock's recorded calls to `method`, oldest first.
    func calls(_ method: String) throws -> [[Any]] {
        let json = try Self.run(Self.fixtures.appendingPathComponent("notify-calls.py").path, [address, method], capture: true)
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [[Any]]
    }

    /// The names this bus would start a program for (`ListActivatableNames`).
    func activatableNames() throws -> [String] {
        let json = try Self.run("/usr/bin/busctl", [
            "--address=\(address)", "--json=short",
            "call", "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListActivatableNames",
        ], capture: true)
        let reply = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (reply?["data"] as? [[String]])?.first ?? []
    }

    /// Makes the mock server emit a signal of org.freedesktop.Notifications,
    /// as a real server does when the user clicks or dismisses.
    func emit(_ signal: String, signature: String, _ arguments: String) throws {
        try Self.run("/usr/bin/gdbus", [
            "call", "--address", address,
            "--dest", "org.freedesktop.Notifications",
            "--object-path", "/org/freedesktop/Notifications",
            "--method", "org.freedesktop.DBus.Mock.EmitSignal",
            "org.freedesktop.Notifications", signal, signature, arguments,
        ])
    }

    /// Runs a program to its end and returns its output. Daemons the fixture
    /// starts inherit the output descriptor, so for them (`capture` false)
    /// there is none: reading it would wait for the daemons to exit.
    @discardableResult
    private static func run(_ executable: String, _ arguments: [String], capture: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = capture ? output : FileHandle.nullDevice
        try process.run()
        let data = capture ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureFailure(command: ([executable] + arguments).joined(separator: " "), status: process.terminationStatus)
        }
        return String(decoding: data, as: UTF8.self)
    }
}

struct FixtureFailure: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    var description: String { "\(command) exited with \(status)" }
}

/// The first value `stream` yields, or nil when none comes within `limit`:
/// a guard against hanging, not a measure of speed.
func firstValue<T: Sendable>(of stream: AsyncStream<T>, within limit: Duration = .seconds(10)) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask {
            var values = stream.makeAsyncIterator()
            return await values.next()
        }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// Polls `condition` until it holds or `limit` passes: for effects the mock
/// records without telling anyone.
func eventually(within limit: Duration = .seconds(10), _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try condition()
}
