import DBus
import Testing

// Other D-Bus implementations as callers: they send what a confused or
// hostile peer might, and the server must answer with errors and carry on.

@Test(.timeLimit(.minutes(1))) func dbusSendWithWrongTypesGetsInvalidArgsAndTheServerKeepsAnswering() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let wrong = try await fixture.bus.run("/usr/bin/dbus-send", [
        "--bus=\(fixture.bus.address)", "--print-reply", "--dest=\(TestService.name)",
        TestService.path, "\(TestService.interface).Greet", "int32:5", "string:extra",
    ])
    #expect(wrong.status != 0)
    #expect(wrong.stderr.contains(DBusError.Name.invalidArgs))
    let right = try await fixture.bus.run("/usr/bin/dbus-send", [
        "--bus=\(fixture.bus.address)", "--print-reply", "--dest=\(TestService.name)",
        TestService.path, "\(TestService.interface).Greet", "string:dbus-send",
    ])
    #expect(right.stdout.contains("hello dbus-send"), "\(right.stderr)")
}

@Test(.timeLimit(.minutes(1))) func gdbusRoundTripsGLibValuesAndGetsAnErrorForAFileDescriptorType() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let gdbus = "/usr/bin/gdbus"
    let echo = ["call", "--session", "--dest", TestService.name, "--object-path", TestService.path, "--method", "\(TestService.interface).Echo"]
    let nested = try await fixture.bus.run(gdbus, echo + ["<{'hour': <7>, 'days': <[1, 2]>, 'at': <(int64 5, 'x')>}>"])
    #expect(nested.stdout.contains("'hour': <7>"), "\(nested.stderr)")
    #expect(nested.stdout.contains("'at': <(int64 5, 'x')>"), "\(nested.stdout)")
    // A unix fd index ('h') without a descriptor: a type this layer refuses to read.
    let handle = try await fixture.bus.run(gdbus, echo + ["<@h 0>"])
    #expect(handle.status != 0)
    #expect(handle.stderr.contains("InvalidArgs"), "\(handle.stderr)")
    let still = try await fixture.bus.run(gdbus, echo + ["<'still here'>"])
    #expect(still.stdout.contains("<'still here'>"), "\(still.stderr)")
}

@Test(.timeLimit(.minutes(1))) func aCallMarkedNoReplyStillRunsItsHandler() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    // Without --print-reply, dbus-send sets the no-reply flag.
    let result = try await fixture.bus.run("/usr/bin/dbus-send", [
        "--bus=\(fixture.bus.address)", "--type=method_call", "--dest=\(TestService.name)",
        TestService.path, "\(TestService.interface).Notify",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    await fixture.service.fireAndForget.wait()
}

@Test(.timeLimit(.minutes(1))) func busctlSeesTheExportedPropertiesAndItsCallsWork() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let property = try await fixture.bus.run("/usr/bin/busctl", [
        "--address=\(fixture.bus.address)", "get-property", TestService.name, TestService.path, TestService.interface, "Volume",
    ])
    #expect(property.stdout.trimmingPrefix("i ").hasPrefix("7"), "\(property.stdout) \(property.stderr)")
    let unknown = try await fixture.bus.run("/usr/bin/busctl", [
        "--address=\(fixture.bus.address)", "call", TestService.name, TestService.path, TestService.interface, "Greet", "u", "3",
    ])
    #expect(unknown.status != 0)
    #expect(unknown.stderr.contains("(s)"), "\(unknown.stderr)")
}
