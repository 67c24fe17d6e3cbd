import CLinux
import Dispatch
import Glibc
import SystemSupport

/// Starts programs directly (never through a shell) and reaps them when they exit.
public enum Spawner {
    /// Where the child's standard streams go.
    public enum Streams: Sendable, Equatable {
        /// stdin, stdout and stderr all on `/dev/null`: the agent has no terminal to share.
        case devNull
        /// The agent's own streams.
        case inherit
        /// stdin on `/dev/null`; stdout and stderr appended to this file, created if missing.
        case outputToFile(String)
        /// stdin on `/dev/null`; stdout and stderr the agent's own, so output lands in its log.
        case outputInherited
        /// stdin on `/dev/null`; stdout and stderr onto this descriptor of the caller's (the write
        /// end of a pipe it reads, so it decides how much of the output to keep).
        case outputTo(descriptor: Int32)
    }

    /// Starts `argv[0]` (looked up in the agent's own `PATH` when it has no slash) with exactly
    /// `argv` as its arguments and exactly `environment` as its environment.
    ///
    /// The child leads a new session (so it outlives the agent and gets no signals meant for it),
    /// starts with every signal at its default action and none blocked (the agent ignores
    /// SIGTERM/SIGHUP, and ignored signals survive `exec`), and inherits no descriptor past stderr.
    /// `onExit` runs on the thread of `reactor` once the child has exited and been reaped.
    ///
    /// The corresponding C function is `posix_spawnp`.
    /// - Returns: the child's process id.
    @discardableResult
    public static func spawn(
        argv: [String], environment: [String: String], workingDirectory: String? = nil,
        streams: Streams = .devNull, reactor: Reactor = .shared,
        onExit: @escaping @Sendable (Termination) -> Void = { _ in }
    ) throws -> Int32 {
        let pid = try launch(argv: argv, environment: environment, workingDirectory: workingDirectory, streams: streams)
        ChildReaper.reap(pid, reactor: reactor, onExit: onExit)
        return pid
    }

    /// As above, with `onExit` run on `queue`.
    @discardableResult
    public static func spawn(
        argv: [String], environment: [String: String], workingDirectory: String? = nil,
        streams: Streams = .devNull, queue: DispatchQueue,
        onExit: @escaping @Sendable (Termination) -> Void = { _ in }
    ) throws -> Int32 {
        try spawn(argv: argv, environment: environment, workingDirectory: workingDirectory, streams: streams) { termination in
            queue.async { onExit(termination) }
        }
    }

    /// `spawn` without the reaping: the caller must collect the child.
    static func launch(
        argv: [String], environment: [String: String], workingDirectory: String?, streams: Streams
    ) throws -> Int32 {
        guard let program = argv.first else { throw SystemError(call: "posix_spawnp(no argv)", code: EINVAL) }
        let attributes = try SpawnAttributes()
        let actions = try SpawnFileActions(streams: streams, workingDirectory: workingDirectory)
        var pid: pid_t = 0
        try withCStringArray(argv) { arguments in
            try withCStringArray(environment.map { "\($0.key)=\($0.value)" }) { variables in
                try check("posix_spawnp(\(program))", returnedCode: posix_spawnp(
                    &pid, program, &actions.value, &attributes.value, arguments, variables))
            }
        }
        return pid
    }

    /// The agent's own environment, to extend before passing it to `spawn`.
    public static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    private static func withCStringArray<Result>(
        _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) throws -> Result
    ) rethrows -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return try body(copies + [nil])
    }
}

/// Owns a `posix_spawnattr_t`: new session, default signal actions, empty signal mask.
private final class SpawnAttributes {
    var value = posix_spawnattr_t()

    init() throws {
        try check("posix_spawnattr_init", returnedCode: posix_spawnattr_init(&value))
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        let flags = POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        try check("posix_spawnattr_setflags", returnedCode: posix_spawnattr_setflags(&value, Int16(flags)))
        try check("posix_spawnattr_setsigmask", returnedCode: posix_spawnattr_setsigmask(&value, &none))
        try check("posix_spawnattr_setsigdefault", returnedCode: posix_spawnattr_setsigdefault(&value, &all))
    }

    deinit { posix_spawnattr_destroy(&value) }
}

/// Owns a `posix_spawn_file_actions_t`: the child's streams, working directory, closed descriptors.
private final class SpawnFileActions {
    var value = posix_spawn_file_actions_t()

    init(streams: Spawner.Streams, workingDirectory: String?) throws {
        try check("posix_spawn_file_actions_init", returnedCode: posix_spawn_file_actions_init(&value))
        switch streams {
        case .inherit:
            break
        case .devNull:
            try open(0, "/dev/null", O_RDONLY)
            try open(1, "/dev/null", O_WRONLY)
            try duplicate(1, as: 2)
        case .outputInherited:
            try open(0, "/dev/null", O_RDONLY)
        case .outputTo(let descriptor):
            try open(0, "/dev/null", O_RDONLY)
            try duplicate(descriptor, as: 1)
            try duplicate(descriptor, as: 2)
        case .outputToFile(let path):
            try open(0, "/dev/null", O_RDONLY)
            try open(1, path, O_WRONLY | O_CREAT | O_APPEND)
            try duplicate(1, as: 2)
        }
        // After the opens, so a relative output path means the agent's directory, not the child's.
        if let workingDirectory {
            try check("posix_spawn_file_actions_addchdir_np(\(workingDirectory))",
                      returnedCode: posix_spawn_file_actions_addchdir_np(&value, workingDirectory))
        }
        try check("posix_spawn_file_actions_addclosefrom_np",
                  returnedCode: posix_spawn_file_actions_addclosefrom_np(&value, 3))
    }

    deinit { posix_spawn_file_actions_destroy(&value) }

    private func open(_ fd: Int32, _ path: String, _ flags: Int32) throws {
        try check("posix_spawn_file_actions_addopen(\(path))",
                  returnedCode: posix_spawn_file_actions_addopen(&value, fd, path, flags, 0o644))
    }

    private func duplicate(_ fd: Int32, as target: Int32) throws {
        try check("posix_spawn_file_actions_adddup2",
                  returnedCode: posix_spawn_file_actions_adddup2(&value, fd, target))
    }
}
