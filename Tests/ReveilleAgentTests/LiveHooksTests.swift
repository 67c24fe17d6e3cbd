import Foundation
import ReveilleAgent
import ReveilleDomain
import ReveilleText
import Synchronization
import Testing

@Suite struct LiveHooksTests {
    /// Runs `argv` and waits for its outcome: at most 20 s, a bound for a test that would hang,
    /// not a speed requirement.
    func outcome(of argv: [String], environment: [String: String] = [:], hooks: LiveHooks = LiveHooks(baseEnvironment: [:]))
        async throws -> HookOutcome? {
        let result = Mutex<HookOutcome?>(nil)
        hooks.run(argv, environment: environment) { outcome in result.withLock { $0 = outcome } }
        for _ in 0..<1000 {
            if let outcome = result.withLock({ $0 }) { return outcome }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    @Test func aHookGetsTheAgentsEnvironmentWithItsOwnOnTop() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-hook-\(UUID().uuidString)").path
        let hooks = LiveHooks(baseEnvironment: ["FROM_AGENT": "kept", "REVEILLE_EVENT": "stale"])
        let script = "printf '%s %s' \"$FROM_AGENT\" \"$REVEILLE_EVENT\" > \"$1\""
        let outcome = try await outcome(of: ["/bin/sh", "-c", script, "hook", file], environment: ["REVEILLE_EVENT": "ring"],
                                        hooks: hooks)
        #expect(outcome == .succeeded)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "kept ring")
    }

    @Test func aNonZeroExitOrAProgramThatCannotStartIsAFailure() async throws {
        #expect(try await outcome(of: ["/bin/sh", "-c", "exit 3"]) .map(english) == "failed: '/bin/sh' exited with status 3")
        let missing = try await outcome(of: ["/nonexistent/reveille-hook"])
        guard case .failed(let reason) = missing else { Issue.record("a missing program succeeded"); return }
        #expect(reason.english.hasPrefix("'/nonexistent/reveille-hook' cannot start"))
    }

    @Test func aHookPastItsLimitGetsSigtermFirst() async throws {
        let hooks = LiveHooks(baseEnvironment: [:], timeLimit: .milliseconds(200), killAfter: .seconds(30))
        let outcome = try await outcome(of: ["/bin/sleep", "600"], hooks: hooks)
        guard case .failed(let reason) = outcome else { Issue.record("a hanging hook was not stopped"); return }
        #expect(reason.english.contains("ran longer than 0.2 s") && reason.english.hasSuffix("(killed by signal \(SIGTERM))"))
    }

    @Test func aHookThatIgnoresSigtermGetsSigkill() async throws {
        let hooks = LiveHooks(baseEnvironment: [:], timeLimit: .milliseconds(200), killAfter: .milliseconds(200))
        // The child inherits the ignored SIGTERM; only SIGKILL ends the shell.
        let outcome = try await outcome(of: ["/bin/sh", "-c", "trap '' TERM; /bin/sleep 600; exit 0"], hooks: hooks)
        guard case .failed(let reason) = outcome else { Issue.record("a hanging hook was not stopped"); return }
        #expect(reason.english.contains("ran longer than 0.2 s") && reason.english.hasSuffix("(killed by signal \(SIGKILL))"))
    }

    @Test func theStopReachesTheHooksWholeProcessGroup() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-hook-\(UUID().uuidString)").path
        let hooks = LiveHooks(baseEnvironment: [:], timeLimit: .milliseconds(300), killAfter: .seconds(30))
        let script = "/bin/sleep 600 & echo $! > \"$1\"; wait"
        _ = try await outcome(of: ["/bin/sh", "-c", script, "hook", file], hooks: hooks)
        let child = try #require(Int32(String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // The shell's child, which a signal to the shell alone would leave running for ten minutes.
        for _ in 0..<1000 where Self.isAlive(child) { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!Self.isAlive(child))
    }

    /// `sh -c 'mpv x &'`: the hook's first process exits at once, leaving a child in its group and
    /// one that moved to a session of its own; both are stopped once the limit is up, and the
    /// hook's own outcome stays what its first process did.
    @Test func whatAHookLeftBehindIsStoppedAtItsLimitEvenAfterItsFirstProcessExited() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-hook-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Long enough that both children are seen running before it is up, on a loaded machine too.
        let hooks = LiveHooks(baseEnvironment: [:], timeLimit: .seconds(3), killAfter: .milliseconds(300))
        let script = """
            /bin/sleep 600 & echo $! > "$1/grouped"
            setsid /bin/sh -c 'trap "" TERM; echo $$ > "$1/own-session"; exec /bin/sleep 601' sh "$1" &
            exit 0
            """
        #expect(try await outcome(of: ["/bin/sh", "-c", script, "hook", directory], hooks: hooks) == .succeeded)
        func pid(_ name: String) async throws -> Int32 {
            for _ in 0..<250 {
                if let text = try? String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8),
                   let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
                try await Task.sleep(for: .milliseconds(20))
            }
            throw CancellationError()
        }
        // Both children started (each wrote its pid); they run on until the limit, and the SIGKILL
        // after it, are up. (Whether they are seen running first depends on how loaded the machine is.)
        let grouped = try await pid("grouped"), own = try await pid("own-session")
        for _ in 0..<500 where Self.isAlive(grouped) || Self.isAlive(own) { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!Self.isAlive(grouped), "the child left in the hook's group outlived its limit")
        #expect(!Self.isAlive(own), "the child that called setsid and ignores SIGTERM outlived its limit")
    }

    /// Running, as opposed to gone or a zombie waiting for whoever adopted it.
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z")
    }
}

/// An outcome as a line to compare: "succeeded", or "failed: " and the reason in English.
private func english(_ outcome: HookOutcome) -> String {
    switch outcome {
    case .succeeded: "succeeded"
    case .failed(let reason): "failed: " + reason.english
    }
}
