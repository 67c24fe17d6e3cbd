import DBus
import Testing

/// The bus these tests run on can D-Bus-activate nothing: with the machine's service
/// directories, a test of "no such name" would start whatever the developer has installed.
@Test(.timeLimit(.minutes(1))) func theTestBusActivatesNothingButItself() async throws {
    let bus = try await TestBus.start()
    defer { bus.stop() }
    let names = try await bus.connect().call(
        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
        interface: "org.freedesktop.DBus", method: "ListActivatableNames")
    #expect(names == [.array("s", [.string("org.freedesktop.DBus")])])
}
