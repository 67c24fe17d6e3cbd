import Glibc

/// A child process that receives signals normally.
///
/// Foundation's `Process` spawns from a dispatch worker thread whose signal mask blocks SIGINT,
/// and the child inherits that mask, so `interrupt()` never reaches it. parecord must get SIGINT
/// to finish its WAV file, so this spawns with an empty mask and default signal handling.
final class ChildProcess {
    let pid: pid_t
    private var exited = false

    struct SpawnFailed: Error { let path: String; let code: Int32 }

    init(_ path: String, _ arguments: [String], environment: [String: String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&interrupts, signal) }
        posix_spawnattr_setsigdefault(&attributes, &interrupts)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var quietStderr = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&quietStderr)
        defer { posix_spawn_file_actions_destroy(&quietStderr) }
        posix_spawn_file_actions_addopen(&quietStderr, 2, "/dev/null", O_WRONLY, 0)

        let argv = ([path] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, path, &quietStderr, &attributes, argv + [nil], envp + [nil])
        guard code == 0 else { throw SpawnFailed(path: path, code: code) }
        self.pid = pid
    }

    /// Sends SIGINT and waits for the child to exit.
    func interruptAndWait() {
        guard !exited else { return }
        kill(pid, SIGINT)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        exited = true
    }

    deinit { interruptAndWait() }
}
