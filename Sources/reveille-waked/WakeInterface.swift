import DBus
import ReveilleWake
import SystemSupport

/// `io.github.Reveille1.Wake`: the bus names, the method table, and the one map from
/// `WakeRefusal` to D-Bus error names. Documented in reveille-waked(8).
enum WakeInterface {
    static let busName = "io.github.Reveille1.Wake"
    static let objectPath = "/io/github/Reveille1/Wake"
    static let interface = "io.github.Reveille1.Wake"

    static func table(_ helper: WakeHelper) -> ExportedInterface {
        ExportedInterface(
            interface,
            methods: [
                ExportedMethod("SetWake", in: "x", inArgs: ["when"]) { call in
                    try await answering { () throws(WakeRefusal) in
                        try await helper.setWake(call.arguments.first?.asInt64 ?? 0, caller: call.sender)
                    }
                    return []
                },
                ExportedMethod("CancelWake") { call in
                    try await answering { () throws(WakeRefusal) in try await helper.cancelWake(caller: call.sender) }
                    return []
                },
                ExportedMethod("GetWake", out: "x", outArgs: ["when"]) { call in
                    let when = try await answering { () throws(WakeRefusal) in try await helper.getWake(caller: call.sender) }
                    return [.int64(when)]
                },
            ],
            properties: [
                // Read without polkit: it says only what the machine can do.
                ExportedProperty("CanWakeSystem", signature: "b") { .bool(hasWakeCapableRTC()) },
            ])
    }

    /// Runs a call of the helper, its refusal turned into the D-Bus error the caller gets.
    private static func answering<T>(_ body: () async throws(WakeRefusal) -> T) async throws(DBusError) -> T {
        do { return try await body() } catch { throw DBusError(name: errorName(error), message: error.description) }
    }

    /// The one map from refusals to error names.
    static func errorName(_ refusal: WakeRefusal) -> String {
        switch refusal {
        case .tooFarInThePast, .tooFarAhead: DBusError.Name.invalidArgs
        case .userLimit, .totalLimit: "org.freedesktop.DBus.Error.LimitsExceeded"
        case .notAuthorized, .callerUnknown: "org.freedesktop.DBus.Error.AccessDenied"
        case .failed: DBusError.Name.failed
        }
    }

    /// Whether some `/sys/class/rtc/rtcN` has a `wakealarm` attribute: the kernel creates it only for
    /// a real-time clock that can wake the machine, so without one an armed timer resumes nothing.
    static func hasWakeCapableRTC() -> Bool {
        (0..<32).contains { isReadableFile("/sys/class/rtc/rtc\($0)/wakealarm") }
    }
}
