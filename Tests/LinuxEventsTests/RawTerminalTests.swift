import Glibc
import LinuxEvents
import SystemSupport
import Testing

@Test func rawModeOnSomethingThatIsNotATerminalIsRefusedAndSaysSo() throws {
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    try #require(null >= 0)
    defer { close(null) }
    let error = #expect(throws: SystemError.self) { try RawTerminal.enter(null) }
    #expect(error?.code == ENOTTY)
    #expect(error.map { "\($0)" } == "tcgetattr: not a terminal")
    #expect(RawTerminal.size(null) == nil)
}
