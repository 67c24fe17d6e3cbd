import Dispatch
import Foundation
import LinuxEvents
import SystemSupport
import Testing

@Suite struct SpawnerTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// Spawns and waits for the exit callback.
    @discardableResult
    private func run(
        _ argv: [String], environment: [String: String] = [:], workingDirectory: String? = nil,
        streams: Spawner.Streams = .devNull
    ) async throws -> (pid: Int32, termination: Termination?) {
        let exits = Recorder<Termination>()
        let pid = try Spawner.spawn(
            argv: argv, environment: environment, workingDirectory: workingDirectory, streams: streams
        ) { exits.record($0) }
        return (pid, await exits.waitFor(count: 1).first)
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOfFile: directory.file(name), encoding: .utf8)
    }

    @Test func passesArgumentsVerbatimWithoutAShell() async throws {
        let name = #"a b; $(touch pwned) `touch pwned` * 'q' "dq" \ $HOME"#
        let (_, termination) = try await run(["touch", directory.file(name)])
        #expect(termination == .exited(0))
        #expect(try directory.contents() == [name])
    }

    @Test func passesExactlyTheGivenEnvironment() async throws {
        let environment = ["REVEILLE_PROBE": "two words; $(id)", "EMPTY": ""]
        try await run(["/usr/bin/env"], environment: environment, streams: .outputToFile(directory.file("env")))
        let lines = try read("env").split(separator: "\n").map(String.init)
        #expect(Set(lines) == ["REVEILLE_PROBE=two words; $(id)", "EMPTY="])
    }

    @Test func reportsTheExitStatusAndLeavesNoZombie() async throws {
        let (pid, termination) = try await run(["/bin/sh", "-c", "exit 3"])
        #expect(termination == .exited(3))
        var status: Int32 = 0
        #expect(waitpid(pid, &status, WNOHANG) == -1)
        #expect(errno == ECHILD)
    }

    @Test func reportsTheSignalThatKilledTheChild() async throws {
        let (_, termination) = try await run(["/bin/sh", "-c", "kill -KILL $$"])
        #expect(termination == .signaled(SIGKILL))
    }

    @Test func startsTheChildInItsOwnSessionWithDefaultSignalsAndNoneBlocked() async throws {
        // An ignored signal survives exec: the agent ignores SIGTERM, and its terminal must not.
        let previous = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, previous) }
        let (pid, _) = try await run(["cat", "/proc/self/stat", "/proc/self/status"],
                                     streams: .outputToFile(directory.file("proc")))
        let text = try read("proc")
        // /proc/PID/stat: pid (comm) state ppid pgrp session …
        let fields = text.split(separator: ")", maxSplits: 1)[1].split(separator: " ")
        #expect(fields[2] == "\(pid)")
        #expect(fields[3] == "\(pid)")
        // Only the classic signals 1–31: glibc's posix_spawn leaves its own internal real-time
        // signals (32, 33) ignored in the child.
        let classic: UInt64 = 0x7FFF_FFFF
        #expect(try signalMask("SigIgn", in: text) & classic == 0)
        #expect(try signalMask("SigBlk", in: text) & classic == 0)
    }

    private func signalMask(_ field: String, in status: String) throws -> UInt64 {
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        return try #require(UInt64(line.split(separator: "\t")[1], radix: 16))
    }

    @Test func givesTheChildNoDescriptorBeyondStandardError() async throws {
        let marker = directory.file("marker")
        #expect(FileManager.default.createFile(atPath: marker, contents: nil))
        let inherited = open(marker, O_RDONLY) // deliberately without O_CLOEXEC
        defer { close(inherited) }
        try await run(["/bin/sh", "-c", "ls -l /proc/$$/fd/"], streams: .outputToFile(directory.file("fds")))
        let listing = try read("fds")
        #expect(listing.contains("/dev/null"))
        #expect(!listing.contains(marker))
    }

    @Test func startsInTheGivenWorkingDirectory() async throws {
        try await run(["/bin/pwd"], workingDirectory: directory.path, streams: .outputToFile(directory.file("pwd")))
        #expect(try read("pwd") == directory.path + "\n")
    }

    @Test func refusesAProgramThatDoesNotExist() {
        #expect {
            try Spawner.spawn(argv: ["reveille-no-such-program"], environment: [:])
        } throws: { error in
            let error = try #require(error as? SystemError)
            return error.code == ENOENT && error.call.contains("reveille-no-such-program")
                && error.description.contains("No such file or directory")
        }
    }

    @Test func refusesAnEmptyArgumentList() {
        #expect(throws: SystemError.self) { try Spawner.spawn(argv: [], environment: [:]) }
    }

    @Test func currentEnvironmentMatchesTheProcessEnvironment() {
        #expect(Spawner.currentEnvironment() == ProcessInfo.processInfo.environment)
    }
}
