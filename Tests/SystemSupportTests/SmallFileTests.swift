import Foundation
import Glibc
import SystemSupport
import Testing

/// A private scratch directory, removed by `remove()`.
private struct Scratch {
    let path: String
    init() throws {
        var template = Array("/tmp/system-support-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw SystemError(call: "mkdtemp", code: errno) }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    func file(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        let descriptor = try check("open(\(file))", open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600))
        defer { close(descriptor) }
        _ = text.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count - 1) }
        return file
    }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

@Test func aSmallFileIsReadWhole() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = try scratch.file("a.conf", "volume = 80\n")
    #expect(try readSmallTextFile(file) == "volume = 80\n")
    #expect(try readSmallFile(file) == Array("volume = 80\n".utf8))
}

@Test func aMissingTextFileIsNilButAMissingFileIsAnErrorThatSaysSo() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    #expect(try readSmallTextFile(scratch.path + "/absent") == nil)
    let error = #expect(throws: SystemError.self) { try readSmallFile(scratch.path + "/absent/deeper") }
    #expect(error?.fileIsMissing == true)
}

@Test func aFIFOIsRefusedAtOnceRatherThanWaitedOn() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let fifo = scratch.path + "/fifo"
    try check("mkfifo", mkfifo(fifo, 0o600))
    let error = #expect(throws: SystemError.self) { try readSmallTextFile(fifo) }
    #expect(error?.code == EINVAL)
    #expect(!isReadableFile(fifo))
}

@Test func aFileOverTheLimitIsRefused() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = try scratch.file("big", String(repeating: "x", count: 100))
    let error = #expect(throws: SystemError.self) { try readSmallFile(file, limit: 99) }
    #expect(error?.code == EFBIG)
    #expect(try readSmallFile(file, limit: 100).count == 100)
    #expect(isReadableFile(file))
}

@Test func symbolicLinkTargetReadsTheLinkAndIsNilForAPlainFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = try scratch.file("plain", "")
    let link = scratch.path + "/link"
    try check("symlink", symlink("../zoneinfo/Europe/Paris", link))
    #expect(symbolicLinkTarget(link) == "../zoneinfo/Europe/Paris")
    #expect(symbolicLinkTarget(file) == nil)
}

@Test func theMessageNamesTheFileOrTheCallAndSaysNotATerminalPlainly() {
    #expect("\(SystemError(call: "open", path: "/x/lock", code: ENOENT))" == "open /x/lock: No such file or directory")
    #expect("\(SystemError(call: "timerfd_create", code: EPERM))" == "timerfd_create failed: Operation not permitted (errno 1)")
    #expect("\(SystemError(call: "tcgetattr", code: ENOTTY))" == "tcgetattr: not a terminal")
}
