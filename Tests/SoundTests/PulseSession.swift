import Foundation
import Synchronization
import Testing

/// A private PulseAudio server with a null sink named `testsink`, run by `Tests/fixtures/pulse-session.sh`.
final class PulseSession: Sendable {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/pulse-session.sh").path

    /// The variables the fixture printed: PULSE_SERVER, PULSE_RUNTIME_PATH, …
    let variables: [String: String]

    init() throws {
        // Every test keeps a client connected while it needs the server; one that crashes
        // before `stop` leaves a server that exits by itself once idle.
        let environment = ProcessInfo.processInfo.environment.merging(["PULSE_SESSION_EXIT_IDLE_TIME": "20"]) { $1 }
        let output = try run(Self.script, ["start"], environment: environment)
        var variables: [String: String] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("export ") {
            let assignment = line.dropFirst("export ".count)
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            variables[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
                .trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
        self.variables = variables
    }

    var serverAddress: String { variables["PULSE_SERVER"]! }

    /// This process's environment with the session's variables on top, for pactl and parecord.
    var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(variables) { _, session in session }
    }

    private let stopped = Mutex(false)

    /// Stops the server (the fixture waits for it to exit) and removes its directory. Only the first call acts.
    func stop() throws {
        guard !stopped.withLock({ stopped in defer { stopped = true }; return stopped }) else { return }
        _ = try run(Self.script, ["stop", variables["PULSE_SESSION_DIR"]!])
    }
}

/// Runs `body` with a fresh server and stops it afterwards, even when `body` throws.
func withPulseSession<T>(_ body: (PulseSession) async throws -> T) async throws -> T {
    let session = try PulseSession()
    defer {
        do { try session.stop() } catch { Issue.record("could not stop the PulseAudio session: \(error)") }
    }
    return try await body(session)
}

struct CommandFailed: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    let errorOutput: String
    var description: String { "\(command) exited with \(status): \(errorOutput)" }
}

/// Runs a program to its end and returns its standard output; throws if it exits non-zero.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/" + executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Both outputs are small; read them fully before waiting so the child never blocks on a full pipe.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CommandFailed(
            command: ([executable] + arguments).joined(separator: " "),
            status: process.terminationStatus,
            errorOutput: String(decoding: errorData, as: UTF8.self)
        )
    }
    return String(decoding: outputData, as: UTF8.self)
}
