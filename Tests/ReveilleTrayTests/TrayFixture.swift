import DBus
import Foundation
@testable import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Synchronization

/// 2027-01-04 (a Monday) 06:00:00 UTC.
let mondaySix = Instant(secondsSinceEpoch: 1_799_042_400)

private let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures")

/// The build tree's data directory, as `REVEILLE_DATADIR` names it in `make test`.
let treeData = fixtures.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data").path

/// A private session bus of the test's own (Tests/fixtures/notify-session.sh), which can start
/// no service of the machine's; stopped by `stop()`.
final class PrivateBus: Sendable {
    let directory: String
    let address: String

    init() throws {
        var template = Array("/tmp/tray-bus-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw FixtureFailure("mkdtemp failed") }
        directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try Self.session("bus", directory)
        address = try String(contentsOfFile: directory + "/address", encoding: .utf8)
    }

    func connect() throws -> Connection { try Connection(address: address) }

    func stop() {
        try? Self.session("stop", directory)
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func session(_ command: String, _ directory: String) throws {
        let process = Process()
        process.executableURL = fixtures.appendingPathComponent("notify-session.sh")
        process.arguments = [command, directory]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureFailure("notify-session.sh \(command) exited with \(process.terminationStatus)") }
    }
}

struct FixtureFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A StatusNotifierWatcher that records who registers what: what plasmashell, xfce4-panel or
/// waybar run, without their hosts.
final class FakeWatcher: Sendable {
    let connection: Connection
    private let registrations = Mutex<[(sender: String, service: String)]>([])
    private let arrivals: AsyncStream<String>.Continuation
    /// Each service as it registers.
    let arrived: AsyncStream<String>

    private init(connection: Connection) {
        self.connection = connection
        (arrived, arrivals) = AsyncStream.makeStream(of: String.self)
    }

    static func start(on bus: PrivateBus) async throws -> FakeWatcher {
        let watcher = FakeWatcher(connection: try bus.connect())
        try watcher.connection.export([ExportedInterface(
            "org.kde.StatusNotifierWatcher",
            methods: [
                ExportedMethod("RegisterStatusNotifierItem", in: "s", inArgs: ["service"]) { [watcher] call in
                    let service = call.arguments[0].stringValue ?? ""
                    watcher.registrations.withLock { $0.append((call.sender, service)) }
                    watcher.arrivals.yield(service)
                    return []
                },
                ExportedMethod("RegisterStatusNotifierHost", in: "s", inArgs: ["service"]) { _ in [] },
            ],
            properties: [
                ExportedProperty("IsStatusNotifierHostRegistered", signature: "b") { .bool(true) },
                ExportedProperty("ProtocolVersion", signature: "i") { .int32(0) },
            ])], at: "/StatusNotifierWatcher")
        guard try await watcher.connection.requestName("org.kde.StatusNotifierWatcher").isOwner else {
            throw FixtureFailure("another watcher owns the name")
        }
        return watcher
    }

    /// Every registration so far: the caller's unique name and the service it named.
    var registered: [(sender: String, service: String)] { registrations.withLock { $0 } }

    /// The watcher goes away, as a panel that quits or crashes.
    func stop() async {
        try? await connection.releaseName("org.kde.StatusNotifierWatcher")
        connection.close()
        arrivals.finish()
    }
}

/// A core on fakes, its tray on a private bus, and a client connection that reads the tray as a host does.
struct TrayFixture {
    let fakes: FakeWorld
    let core: AgentCore
    let bus: PrivateBus
    let agent: Connection
    let host: Connection
    let tray: Tray

    init(config: AgentConfig = AgentConfig()) async throws {
        fakes = FakeWorld(now: mondaySix)
        core = AgentCore(world: fakes.world, config: config, words: WordLists(english: ["apple", "river", "stone"]), random: .seeded(7),
                         inbox: fakes.inbox)
        Task { [core] in await CoreService(core: core).run() }
        try await core.load()
        await core.resume()
        bus = try PrivateBus()
        agent = try bus.connect()
        host = try bus.connect()
        tray = Tray(core: core, connection: agent, notifier: fakes.notifier, clock: fakes.clock, zone: fakes.zone,
                    shareDirectory: treeData)
    }

    func stop() {
        agent.close()
        host.close()
        bus.stop()
    }

    /// Adds a daily alarm at `hour`:00 UTC.
    func addAlarm(_ label: String, at hour: Int, repeating: Bool = true) async throws -> AlarmID {
        var changes = AlarmChanges()
        changes.label = label
        changes.time = WallTime(hour: hour, minute: 0)
        if repeating { changes.repeatDays = Set(Weekday.allCases) }
        return try await core.add(changes)
    }

    /// Calls a method of the tray as a host does.
    func call(_ path: String, _ interface: String, _ method: String, _ arguments: [Value] = []) async throws -> [Value] {
        try await host.call(destination: agent.uniqueName, path: path, interface: interface, method: method, arguments: arguments)
    }

    /// The item's properties as `GetAll` gives them.
    func itemProperties() async throws -> [String: Value] {
        let reply = try await call(TrayNames.itemPath, "org.freedesktop.DBus.Properties", "GetAll", [.string(TrayNames.itemInterface)])
        return reply.first?.vardictValue ?? [:]
    }

    /// The whole menu: the root's children, each as (id, label, action children).
    func menu() async throws -> [MenuEntry] {
        let reply = try await call(TrayNames.menuPath, TrayNames.menuInterface, "GetLayout",
                                   [.int32(0), .int32(-1), .array("s", [])])
        return (reply[1].structureFields?[2].arrayValue ?? []).map(MenuEntry.init)
    }

    /// Clicks the menu entry labelled `label`, anywhere in the menu.
    func click(_ label: String) async throws {
        let entries = try await menu()
        guard let entry = (entries + entries.flatMap(\.children)).first(where: { $0.label == label }) else {
            throw FixtureFailure("no menu entry '\(label)' in \(entries.map(\.label))")
        }
        _ = try await call(TrayNames.menuPath, TrayNames.menuInterface, "Event",
                           [.int32(entry.id), .string("clicked"), .variant(.int32(0)), .uint32(0)])
    }

    /// The next signal `member` of `interface` from the agent, or nil (a guard against hanging, not a measure of speed).
    func signals(_ interface: String, _ member: String) async throws -> AsyncStream<Signal> {
        try await host.signals(matching: MatchRule(sender: agent.uniqueName, interface: interface, member: member))
    }
}

/// One entry of the menu as a host reads it.
struct MenuEntry {
    var id: Int32
    var properties: [String: Value]
    var children: [MenuEntry]

    var label: String { properties["label"]?.stringValue ?? "" }

    init(_ value: Value) {
        let fields = value.unwrapped.structureFields ?? []
        id = fields.first?.integer(as: Int32.self) ?? -1
        properties = fields.dropFirst().first?.vardictValue ?? [:]
        children = (fields.dropFirst(2).first?.arrayValue ?? []).map(MenuEntry.init)
    }
}

/// The first value `stream` yields, or nil when none comes within `limit`: a guard against
/// hanging, not a measure of speed.
func firstValue<T: Sendable>(of stream: AsyncStream<T>, within limit: Duration = .seconds(20)) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask {
            var values = stream.makeAsyncIterator()
            return await values.next()
        }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// Polls `condition` until it holds, for what the tray does on its own queue; false when it
/// never does within `limit` (a guard against hanging).
func eventually(within limit: Duration = .seconds(20), _ condition: @Sendable () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}
