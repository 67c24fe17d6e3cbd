import DBus

/// The object the tests serve: `org.reveille.Test` at `/org/reveille/Test`.
struct TestService {
    static let name = "org.reveille.TestService"
    static let path = "/org/reveille/Test"
    static let interface = "org.reveille.Test"
    /// Every type the agent and client are expected to exchange, in one call.
    static let everything: Signature = "sbiuxdvasa{sv}aa{sv}(sx)(sa{sv})"

    struct Plain: Error, CustomStringConvertible {
        var description: String { "something plain went wrong" }
    }

    let slowGate = Gate()
    let slowEntered = Gate()
    let fireAndForget = Gate()

    var table: ExportedInterface {
        let slowGate = self.slowGate
        let slowEntered = self.slowEntered
        let fireAndForget = self.fireAndForget
        return ExportedInterface(
            Self.interface,
            methods: [
                ExportedMethod("Echo", in: "v", out: "v", inArgs: ["value"], outArgs: ["same"]) { $0.arguments },
                ExportedMethod("EchoEverything", in: Self.everything, out: Self.everything) { $0.arguments },
                ExportedMethod("Greet", in: "s", out: "s", inArgs: ["who"], outArgs: ["greeting"]) { call in
                    [.string("hello \(call.arguments[0].stringValue ?? "?")")]
                },
                ExportedMethod("Fail") { _ in
                    throw DBusError(name: "org.reveille.Error.NoSuchAlarm", message: "alarm 7 does not exist")
                },
                ExportedMethod("FailPlainly") { _ in throw Plain() },
                ExportedMethod("ReturnWrongType", out: "s") { _ in [.int32(1)] },
                ExportedMethod("Slow", out: "s") { _ in
                    slowEntered.open()
                    await slowGate.wait()
                    return [.string("slow")]
                },
                ExportedMethod("Notify") { _ in
                    fireAndForget.open()
                    return []
                },
            ],
            properties: [
                ExportedProperty("Volume", signature: "i") { .int32(7) },
                ExportedProperty("Label", signature: "s") { .string("wake up") },
            ],
            signals: [
                ExportedSignal("Rang", signature: "sx", args: ["label", "at"]),
            ])
    }

    /// A second interface on the same object, whose getter breaks its declared type.
    static let broken = ExportedInterface(
        "org.reveille.Broken", properties: [ExportedProperty("Broken", signature: "s") { .int32(0) }])
}

/// A bus with the test service exported and a second connection to call it.
struct Fixture {
    let bus: TestBus
    let server: Connection
    let client: Connection
    let service = TestService()

    static func start() async throws -> Fixture {
        let bus = try await TestBus.start()
        let server = try bus.connect()
        let client = try bus.connect()
        let fixture = Fixture(bus: bus, server: server, client: client)
        try server.export([fixture.service.table, TestService.broken], at: TestService.path)
        _ = try await server.requestName(TestService.name)
        return fixture
    }

    func call(_ method: String, _ arguments: [Value] = [], interface: String = TestService.interface, path: String = TestService.path) async throws(DBusError) -> [Value] {
        try await client.call(destination: TestService.name, path: path, interface: interface, method: method, arguments: arguments)
    }

    /// Calls a method and returns the error it throws, or nil.
    func error(_ method: String, _ arguments: [Value] = [], interface: String = TestService.interface, path: String = TestService.path) async -> DBusError? {
        do {
            _ = try await call(method, arguments, interface: interface, path: path)
            return nil
        } catch {
            return error
        }
    }

    func stop() {
        server.close()
        client.close()
        bus.stop()
    }
}
