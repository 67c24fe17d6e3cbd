import Dispatch
import Glibc
import LinuxEvents
import Synchronization
import SystemSupport

/// Owns a terminal while the captcha screen is up: raw mode on the alternate screen, keys from a
/// Dispatch read source, resizes from SIGWINCH and a once-a-second tick on demand.
///
/// The terminal's settings come back in `restore()`, in `deinit`, and on SIGINT, SIGTERM or SIGHUP,
/// after which the process ends with status 128 + the signal's number: a killed `reveille captcha`
/// must not leave the person's shell in raw mode on a blank screen.
public final class CaptchaTerminal: Sendable {
    /// What the terminal reports to the captcha screen.
    public enum Input: Equatable, Sendable {
        case keys([CaptchaKey])
        case resized(width: Int, height: Int)
        /// A second passed while ticking is on.
        case tick
        /// Standard input ended or failed: the terminal is gone.
        case closed
    }

    /// Sendable by hand: the sources are used only under `sources`' lock, or after being taken out of it.
    private struct Sources: @unchecked Sendable {
        var read: (any DispatchSourceRead)?
        /// SIGWINCH, and the signals that end the captcha; dropping them stops the watching.
        var signals: [SignalWatch] = []
        var tick: (any DispatchSourceTimer)?
        var decoder = CaptchaKeyDecoder()
        /// Set by `restore()`: no source may start after it.
        var restored = false

        private var all: [any DispatchSourceProtocol] { [read, tick].compactMap { $0 } }
        func resumeAll() { all.forEach { $0.resume() } }
        func cancelAll() { all.forEach { $0.cancel() } }
    }

    private let input: Int32
    private let output: Int32
    /// Nil once restored: then nothing is drawn any more.
    private let saved: Mutex<RawTerminal.Settings?>
    private let sources = Mutex(Sources())

    /// Saves the settings of `input`, puts it in raw mode and switches to the alternate screen.
    ///
    /// Ctrl-C then arrives as a key and leaves the screen cleanly.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(SystemError) {
        self.input = input
        self.output = output
        saved = Mutex(try RawTerminal.enter(input))
        Self.writeAll(output, CaptchaANSI.enterScreen)
    }

    deinit { restore() }

    /// Columns and rows; 80×24 when the terminal does not say.
    public func size() -> (width: Int, height: Int) {
        RawTerminal.size(output) ?? (80, 24)
    }

    /// Replaces the screen with `frame`; does nothing once restored.
    public func draw(_ frame: CaptchaFrame) {
        saved.withLock { saved in
            if saved != nil { Self.writeAll(output, CaptchaANSI.draw(frame)) }
        }
    }

    /// Leaves the alternate screen and puts the settings back. Safe to call more than once, from any thread.
    public func restore() {
        let stopped = sources.withLock { sources in
            defer { sources = Sources(restored: true) }
            return sources
        }
        stopped.cancelAll()
        saved.withLock { saved in
            guard let settings = saved else { return }
            Self.writeAll(output, CaptchaANSI.leaveScreen)
            RawTerminal.restore(input, to: settings)
            saved = nil
        }
    }

    /// Starts reporting keys, resizes and the end of input to `handler` on `queue`, and watches for
    /// the signals that must restore the terminal.
    public func start(queue: DispatchQueue, handler: @escaping @Sendable (Input) -> Void) {
        var started = Sources(read: DispatchSource.makeReadSource(fileDescriptor: input, queue: queue))
        started.read?.setEventHandler { [weak self] in
            guard let self, let reported = self.readKeys() else { return }
            handler(reported)
        }
        // sigaction fails only for a signal number that does not exist; these all do.
        let resize = try? SignalWatch([.windowChanged], queue: queue) { [weak self] _ in
            guard let self else { return }
            let (width, height) = self.size()
            handler(.resized(width: width, height: height))
        }
        // Not on `queue`: ending the captcha must not wait behind a key being handled.
        let quit = try? SignalWatch([.interrupt, .terminate, .hangUp], queue: .global()) { [weak self] signal in
            self?.restore()
            _exit(128 + signal.rawValue)
        }
        started.signals = [resize, quit].compactMap { $0 }
        let current = sources.withLock { sources in
            guard !sources.restored else { return false }
            sources = started
            return true
        }
        // libdispatch traps on releasing a source never resumed, so one too late is cancelled, then resumed.
        if !current { started.cancelAll() }
        started.resumeAll()
    }

    /// Turns the one-second tick on or off: on only while a countdown is on screen.
    public func setTicking(_ ticking: Bool, queue: DispatchQueue, handler: @escaping @Sendable (Input) -> Void) {
        let changed = sources.withLock { sources -> Sources? in
            guard !sources.restored, ticking != (sources.tick != nil) else { return nil }
            var changed = Sources()
            if ticking {
                let timer = DispatchSource.makeTimerSource(queue: queue)
                timer.schedule(deadline: .now() + .seconds(1), repeating: .seconds(1), leeway: .milliseconds(50))
                timer.setEventHandler { handler(.tick) }
                sources.tick = timer
                changed.tick = timer
            } else {
                changed.tick = sources.tick
                sources.tick = nil
            }
            return changed
        }
        if ticking { changed?.resumeAll() } else { changed?.cancelAll() }
    }

    /// Reads what is there and decodes it; reports `.closed`, once, when input has ended.
    ///
    /// The corresponding C function is `read`.
    private func readKeys() -> Input? {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return nil }
        guard count > 0 else {
            sources.withLock { sources in
                sources.read?.cancel()
                sources.read = nil
            }
            return .closed
        }
        let keys = sources.withLock { $0.decoder.decode(buffer[..<count]) }
        return keys.isEmpty ? nil : .keys(keys)
    }

    /// Writes all of `text`, going on after partial writes and interruptions; a terminal that is gone
    /// takes nothing, and there is no one to tell.
    ///
    /// The corresponding C function is `write`.
    private static func writeAll(_ output: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
