import DBus
import Gettext
import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleTime
import Synchronization
import Testing

/// The agent's reading of the session's locale (issue 24): from the user manager's environment,
/// else its own; swapped whole when it changes; handed to the captcha's environment.
@Suite struct SessionLocaleTests {
    /// A user manager whose environment the test sets; nil: none on the bus.
    final class Manager: Sendable {
        let environment: Mutex<[String: String]?>
        let reads = Mutex(0)
        init(_ environment: [String: String]?) { self.environment = Mutex(environment) }
        func read() -> [String: String]? {
            reads.withLock { $0 += 1 }
            return environment.withLock { $0 }
        }
    }

    static let own = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": "/home/x"]
    static let seven = WallTime(hour: 7, minute: 0)!

    func locale(_ manager: Manager) -> SessionLocale {
        SessionLocale(ownEnvironment: Self.own, localeDirectory: "/nonexistent") { manager.read() }
    }

    @Test func theAgentsOwnEnvironmentSpeaksUntilTheSessionIsRead() async {
        let manager = Manager(["LANG": "en_US.UTF-8", "PATH": "/usr/bin"])
        let session = locale(manager)
        #expect(session.current.timeStyle == .posix)
        await session.refresh()
        #expect(session.current.timeStyle.time(Self.seven) == "7:00 AM")
        #expect(session.current.variables == ["LANG": "en_US.UTF-8"])
    }

    @Test func withoutAUserManagerTheAgentsOwnEnvironmentStands() async {
        let session = locale(Manager(nil))
        await session.refresh()
        #expect(session.current.variables == ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        #expect(session.current.timeStyle == .posix)
    }

    @Test func aChangeIsTakenInWithoutARestartAndAnnounced() async {
        let manager = Manager(["LANG": "de_DE.UTF-8"])
        let session = locale(manager)
        let seen = Mutex<[String]>([])
        session.onChange { locale in seen.withLock { $0.append(locale.timeStyle.time(Self.seven)) } }
        await session.refresh()
        await session.refresh()
        manager.environment.withLock { $0 = ["LANG": "de_DE.UTF-8", "LC_TIME": "en_US.UTF-8"] }
        await session.refresh()
        #expect(session.current.timeStyle.time(Self.seven) == "7:00 AM")
        // Announced at the first reading and at the change, not when nothing changed.
        #expect(seen.withLock { $0 } == ["07:00", "7:00 AM"])
    }

    @Test func theCaptchaGetsTheSessionsLocaleVariablesInPlaceOfTheAgents() async {
        let session = locale(Manager(["LANG": "de_DE.UTF-8", "LANGUAGE": "de", "DISPLAY": ":0"]))
        await session.refresh()
        let child = session.childEnvironment(Self.own)
        #expect(child == ["LANG": "de_DE.UTF-8", "LANGUAGE": "de", "HOME": "/home/x"])
        #expect(session.current.languages == ["de"])
    }

    @Test func eachClientCallStartsAReadingWithoutWaitingForIt() async throws {
        let manager = Manager(["LANG": "en_US.UTF-8"])
        let session = locale(manager)
        let (changes, continuation) = AsyncStream<Void>.makeStream()
        session.onChange { _ in continuation.yield() }
        let method = ExportedMethod("Ping", out: "s") { _ in [.string("pong")] }
        let interface = session.refreshingOnEachCall(ExportedInterface("x.y", methods: [method]))
        let call = MethodCall(sender: ":1.1", path: "/", interface: "x.y", member: "Ping", arguments: [])
        #expect(try await interface.methods[0].handler(call) == [.string("pong")])
        var iterator = changes.makeAsyncIterator()
        await iterator.next()
        #expect(manager.reads.withLock { $0 } == 1)
        #expect(session.current.timeStyle.time(Self.seven) == "7:00 AM")
    }
}
