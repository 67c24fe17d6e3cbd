import DBus
import Synchronization
import Testing

/// A handler that waits until the test opens its gate, counting how many wait at once.
private final class CountingGate: Sendable {
    private let state = Mutex<(open: Bool, running: Int, most: Int, waiters: [CheckedContinuation<Void, Never>])>((false, 0, 0, []))

    var most: Int { state.withLock { $0.most } }
    var running: Int { state.withLock { $0.running } }

    func pass() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let open = state.withLock { state -> Bool in
                state.running += 1
                state.most = max(state.most, state.running)
                if !state.open { state.waiters.append(waiter) }
                return state.open
            }
            if open { waiter.resume() }
        }
        state.withLock { $0.running -= 1 }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

private let name = "org.reveille.Limited"
private let path = "/org/reveille/Limited"
private let interface = "org.reveille.Limited"

/// A client that keeps many calls in flight (a real session bus allows one 50,000) gets its
/// excess refused at once with LimitsExceeded: the service never runs more handlers than its
/// limits, per caller and in all, and other callers are still served.
@Suite(.timeLimit(.minutes(1))) struct CallLimitsTests {
    /// Sends `count` calls of Wait from `client` at once; returns their outcomes once all are answered.
    private static func flood(_ client: Connection, _ count: Int) -> Task<[String], Never> {
        Task {
            await withTaskGroup(of: String.self) { group in
                for _ in 0..<count {
                    group.addTask {
                        do {
                            _ = try await client.call(destination: name, path: path, interface: interface, method: "Wait")
                            return "ok"
                        } catch {
                            return (error as? DBusError)?.name ?? "\(error)"
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
    }

    private static func serve(_ bus: TestBus, _ gate: CountingGate, limits: CallLimits) async throws -> Connection {
        let server = try bus.connect()
        server.callLimits = limits
        try server.export([ExportedInterface(interface, methods: [
            ExportedMethod("Wait") { _ in
                await gate.pass()
                return []
            },
            ExportedMethod("Now") { _ in [] },
        ])], at: path)
        _ = try await server.requestName(name)
        return server
    }

    private static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func oneCallerBeyondItsLimitIsRefusedAtOnceAndOthersAreStillServed() async throws {
        let bus = try await TestBus.start()
        defer { bus.stop() }
        let gate = CountingGate()
        let server = try await Self.serve(bus, gate, limits: CallLimits())
        defer { server.close() }
        let flooder = try bus.connect()
        let other = try bus.connect()
        defer { flooder.close(); other.close() }

        // 500 calls in flight from one connection, more than the test bus's own old limit of 128.
        let flood = Self.flood(flooder, 500)
        try await Self.waitUntil { gate.running >= CallLimits().perCaller }
        // Another caller is served while the first one waits at its limit.
        _ = try await other.call(destination: name, path: path, interface: interface, method: "Now")
        gate.open()
        let outcomes = await flood.value
        #expect(gate.most == CallLimits().perCaller)
        #expect(outcomes.filter { $0 == "ok" }.count >= CallLimits().perCaller)
        #expect(outcomes.filter { $0 != "ok" }.allSatisfy { $0 == DBusError.Name.limitsExceeded })
        #expect(outcomes.filter { $0 == DBusError.Name.limitsExceeded }.count >= 500 - 2 * CallLimits().perCaller)
        // Once answered, the caller is served again.
        _ = try await flooder.call(destination: name, path: path, interface: interface, method: "Now")
    }

    @Test func allCallersTogetherStayWithinTheTotal() async throws {
        let bus = try await TestBus.start()
        defer { bus.stop() }
        let gate = CountingGate()
        let server = try await Self.serve(bus, gate, limits: CallLimits(perCaller: 3, total: 5))
        defer { server.close() }
        let clients = try (0..<4).map { _ in try bus.connect() }
        defer { clients.forEach { $0.close() } }
        let floods = clients.map { Self.flood($0, 10) }
        try await Self.waitUntil { gate.running >= 5 }
        try await Task.sleep(for: .milliseconds(200))
        let refusal: String
        do {
            _ = try await clients[0].call(destination: name, path: path, interface: interface, method: "Now")
            refusal = "ok"
        } catch {
            refusal = error.name
        }
        gate.open()
        var answered = 0
        for flood in floods { answered += await flood.value.filter { $0 == "ok" }.count }
        #expect(gate.most == 5)
        #expect(refusal == DBusError.Name.limitsExceeded)
        #expect(answered >= 5)
    }
}
