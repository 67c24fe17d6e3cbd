import Dispatch
import Gettext
import Glibc
import Synchronization
import SystemSupport

/// Runs the captcha screen on the terminal: terminal input and the agent's replies go into
/// `CaptchaState`, each new state is drawn, and what must be done comes out of `effects`.
///
/// Everything happens on one private serial queue; `send` and `close` may be called from anywhere.
public final class CaptchaUI: Sendable {
    private let terminal: CaptchaTerminal
    private let queue = DispatchQueue(label: "reveille.captcha")
    private let clock: @Sendable () -> Int64
    private let state: Mutex<CaptchaState>
    private let look: CaptchaLook
    private let translator: Translator
    private let continuation: AsyncStream<CaptchaEffect>.Continuation
    /// `.submit`, `.quit` and `.finished`, in order. It ends when the screen closes.
    public let effects: AsyncStream<CaptchaEffect>

    /// Takes over the terminal (standard input and output unless told otherwise) and draws the
    /// screen, loading until a `.challenge` event arrives. `clock` gives Unix seconds.
    /// `scanAvailable`: a webcam scanner is installed, so code challenges offer to scan.
    /// `translator`: the language of the screen's own texts.
    public init(label: String?, clock: @escaping @Sendable () -> Int64, input: Int32 = STDIN_FILENO,
                output: Int32 = STDOUT_FILENO, look: CaptchaLook = .color, scanAvailable: Bool = false,
                translator: Translator = .english) throws(SystemError) {
        self.look = look
        self.translator = translator
        terminal = try CaptchaTerminal(input: input, output: output)
        self.clock = clock
        let (width, height) = terminal.size()
        var initial = CaptchaState(label: label, now: clock(), width: width, height: height)
        initial.scanAvailable = scanAvailable
        state = Mutex(initial)
        (effects, continuation) = AsyncStream.makeStream()
        terminal.start(queue: queue) { [weak self] input in self?.receive(input) }
        queue.async { [weak self] in self?.update(with: nil) }
    }

    deinit {
        continuation.finish()
    }

    /// Feeds what the agent said: `.challenge`, `.answered`, `.agentUnreachable`, `.alarmStopped`;
    /// and what the webcam read, `.scanned`.
    public func send(_ event: CaptchaEvent) {
        queue.async { [weak self] in self?.update(with: event) }
    }

    /// Gives the terminal back, as it was, and ends `effects`.
    public func close() {
        terminal.restore()
        continuation.finish()
    }

    private func receive(_ input: CaptchaTerminal.Input) {
        switch input {
        case .keys(let keys): keys.forEach { update(with: .key($0)) }
        case .resized(let width, let height): update(with: .resized(width: width, height: height))
        case .tick: update(with: nil)
        case .closed: continuation.yield(.quit)
        }
    }

    /// Applies `event` at the current time, redraws, and keeps the tick on only while it is needed.
    private func update(with event: CaptchaEvent?) {
        let (effect, frame, ticking) = state.withLock { state in
            state.apply(.tick(now: clock()))
            let effect = event.flatMap { state.apply($0) }
            return (effect, CaptchaScreen.render(state, look: look, translator: translator), state.needsTicking)
        }
        terminal.draw(frame)
        terminal.setTicking(ticking, queue: queue) { [weak self] input in self?.receive(input) }
        if let effect { continuation.yield(effect) }
    }
}
