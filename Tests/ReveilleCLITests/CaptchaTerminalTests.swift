import Dispatch
import Glibc
import SystemSupport
import Testing
@testable import ReveilleCLI

/// A pseudo-terminal pair: the test plays the terminal emulator on `controller`, the code under
/// test gets `device` as its tty.
private final class PseudoTerminal {
    let controller: Int32
    let device: Int32

    /// `posix_openpt` and friends are not in the Glibc module; on Linux they are these calls on `/dev/ptmx`.
    init() throws {
        let unlock: UInt = 0x4004_5431  // TIOCSPTLCK, _IOW('T', 0x31, int)
        let number: UInt = 0x8004_5430  // TIOCGPTN, _IOR('T', 0x30, unsigned int)
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(controller >= 0)
        var locked: Int32 = 0
        var index: UInt32 = 0
        try #require(ioctl(controller, unlock, &locked) == 0 && ioctl(controller, number, &index) == 0)
        device = open("/dev/pts/\(index)", O_RDWR | O_NOCTTY)
        try #require(device >= 0)
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(device)
        close(controller)
    }

    func settings() -> termios {
        var settings = termios()
        _ = tcgetattr(device, &settings)
        return settings
    }

    /// What the code under test wrote to the terminal so far.
    func output() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(controller, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func type(_ text: String) {
        _ = text.withCString { write(controller, $0, strlen($0)) }
    }
}

@Test func terminalIsRawOnTheAlternateScreenUntilRestored() throws {
    let pty = try PseudoTerminal()
    let before = pty.settings()
    #expect(before.c_lflag & tcflag_t(ICANON | ECHO) != 0)
    let terminal = try CaptchaTerminal(input: pty.device, output: pty.device)
    #expect(pty.settings().c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
    terminal.draw(CaptchaFrame(lines: ["hi"], cursor: nil))
    terminal.restore()
    terminal.draw(CaptchaFrame(lines: ["after"], cursor: nil))
    #expect(pty.settings().c_lflag == before.c_lflag)
    #expect(pty.settings().c_iflag == before.c_iflag)
    #expect(pty.output() == CaptchaANSI.enterScreen + CaptchaANSI.draw(CaptchaFrame(lines: ["hi"], cursor: nil))
        + CaptchaANSI.leaveScreen)
}

@Test func droppingTheTerminalRestoresTheSettings() throws {
    let pty = try PseudoTerminal()
    let before = pty.settings()
    do {
        let terminal = try CaptchaTerminal(input: pty.device, output: pty.device)
        _ = terminal
    }
    #expect(pty.settings().c_lflag == before.c_lflag)
    #expect(pty.output().hasSuffix(CaptchaANSI.leaveScreen))
}

@Test func notATerminalIsATypedError() throws {
    let null = open("/dev/null", O_RDWR)
    defer { close(null) }
    #expect(throws: SystemError(call: "tcgetattr", code: ENOTTY)) {
        try CaptchaTerminal(input: null, output: null)
    }
}

@Test func sizeIsTheTerminalWindowSize() throws {
    let pty = try PseudoTerminal()
    var window = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(pty.controller, UInt(TIOCSWINSZ), &window) == 0)
    let terminal = try CaptchaTerminal(input: pty.device, output: pty.device)
    #expect(terminal.size() == (100, 30))
}

@Test func typedBytesArriveAsKeysThroughTheReadSource() throws {
    let pty = try PseudoTerminal()
    let terminal = try CaptchaTerminal(input: pty.device, output: pty.device)
    let received = Received()
    terminal.start(queue: DispatchQueue(label: "test")) { input in received.add(input) }
    pty.type("3\u{1B}[A9\r")
    #expect(received.waitForKeys(count: 2) == [.text("39"), .enter])
    // The read source goes before the pty's descriptors close: libdispatch keeps the epoll
    // registration of a descriptor closed under a live source, and a later test's pty that gets
    // the same number would then never see a key.
    terminal.restore()
    withExtendedLifetime(pty) {}
}

/// Keys collected from the terminal's queue.
private final class Received: @unchecked Sendable {
    private var keys: [CaptchaKey] = []
    private let lock = DispatchSemaphore(value: 1)
    private let arrived = DispatchSemaphore(value: 0)

    func add(_ input: CaptchaTerminal.Input) {
        guard case .keys(let new) = input else { return }
        lock.wait()
        keys += new
        lock.signal()
        arrived.signal()
    }

    /// Waits for `count` keys; gives up after 10 s so a broken read source fails instead of hanging.
    func waitForKeys(count: Int) -> [CaptchaKey] {
        while true {
            lock.wait()
            let current = keys
            lock.signal()
            if current.count >= count || arrived.wait(timeout: .now() + 10) == .timedOut { return current }
        }
    }
}

@Test(.timeLimit(.minutes(1)))
func uiDrawsTheChallengeAndTurnsEnterIntoASubmitEffect() async throws {
    let pty = try PseudoTerminal()
    let before = pty.settings()
    let ui = try CaptchaUI(label: "Work", clock: { 1_000_000 }, input: pty.device, output: pty.device)
    ui.send(.challenge(CaptchaChallenge(index: 0, total: 1, kind: .math, prompt: "7 × 12 − 45 = ?", deadline: 1_000_042)))
    pty.type("39\r")
    var effects = ui.effects.makeAsyncIterator()
    #expect(await effects.next() == .submit("39"))
    pty.type("\u{03}")
    #expect(await effects.next() == .quit)
    let screen = pty.output()
    #expect(screen.contains("7 × 12 − 45 = ?"))
    #expect(screen.contains("42 s left"))
    ui.close()
    #expect(await effects.next() == nil)
    #expect(pty.settings().c_lflag == before.c_lflag)
}
