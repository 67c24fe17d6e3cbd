import DBus
import Foundation
import Glibc
import Testing

// python3-dbusmock's logind answers Inhibit with the read end of a pipe and lists the
// inhibitor until that fd is closed: a real peer that passes a unix fd.

@Test(.timeLimit(.minutes(1))) func aReplyCarryingAUnixFDYieldsAnOpenDescriptorThatReleasesTheLockWhenDropped() async throws {
    let bus = try await TestBus.start()
    defer { bus.stop() }
    let mock = Process()
    mock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    mock.arguments = ["-m", "dbusmock", "--session", "--template", "logind"]
    mock.environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"]
    mock.standardOutput = FileHandle.nullDevice
    mock.standardError = FileHandle.nullDevice
    try mock.run()
    // Children of the test process start with SIGTERM blocked (see TestBus).
    defer { kill(mock.processIdentifier, SIGKILL); mock.waitUntilExit() }
    let connection = try bus.connect()
    defer { connection.close() }
    while try await !connection.nameHasOwner("org.freedesktop.login1") {
        try await Task.sleep(for: .milliseconds(50))
    }
    let manager = (destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                   interface: "org.freedesktop.login1.Manager")
    func inhibitors() async throws -> [Value] {
        try await connection.call(destination: manager.destination, path: manager.path, interface: manager.interface,
                                  method: "ListInhibitors").first?.arrayValue ?? []
    }

    var held: ReceivedFileDescriptor? = try await connection.callReturningFileDescriptor(
        destination: manager.destination, path: manager.path, interface: manager.interface, method: "Inhibit",
        arguments: [.string("idle"), .string("test"), .string("testing"), .string("block")])
    let fd = try #require(held?.rawValue)
    #expect(fcntl(fd, F_GETFD) != -1)
    let listed = try await inhibitors()
    #expect(listed.count == 1)
    #expect(listed.first?.structureFields?.first?.stringValue == "idle")

    held = nil
    // The mock notices the closed pipe in its own main loop.
    while try await !inhibitors().isEmpty { try await Task.sleep(for: .milliseconds(20)) }
}

@Test(.timeLimit(.minutes(1))) func aReplyWithoutAUnixFDThrowsInvalidArgs() async throws {
    let bus = try await TestBus.start()
    defer { bus.stop() }
    let connection = try bus.connect()
    defer { connection.close() }
    let error = await #expect(throws: DBusError.self) {
        try await connection.callReturningFileDescriptor(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetId")
    }
    #expect(error?.name == DBusError.Name.invalidArgs)
}
