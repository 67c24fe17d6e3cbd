import CDBus

/// A D-Bus error: the name travels on the wire, the message is for people.
///
/// A method handler that throws one makes the caller receive an error reply
/// with this name; `Connection.call` throws one for every error reply, and the
/// layer itself throws one (with a standard name) for anything it refuses.
public struct DBusError: Error, Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }
}

extension DBusError {
    /// The standard error names of `org.freedesktop.DBus.Error`.
    public enum Name {
        public static let failed = "org.freedesktop.DBus.Error.Failed"
        public static let noMemory = "org.freedesktop.DBus.Error.NoMemory"
        public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        public static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        public static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
        public static let noReply = "org.freedesktop.DBus.Error.NoReply"
        public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"
        public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        public static let limitsExceeded = "org.freedesktop.DBus.Error.LimitsExceeded"
    }

    /// `org.freedesktop.DBus.Error.InvalidArgs`: what a handler answers to arguments it cannot take.
    public static func invalidArgs(_ message: String) -> DBusError {
        DBusError(name: Name.invalidArgs, message: message)
    }

    static func failed(_ message: String) -> DBusError {
        DBusError(name: Name.failed, message: message)
    }

    static let disconnected = DBusError(name: Name.disconnected, message: "the connection to the bus is closed")

    /// Turns whatever a method handler threw into the error reply to send.
    init(replyingTo error: any Error) {
        self = error as? DBusError ?? .failed(String(describing: error))
    }
}

/// Runs a libdbus function that reports failure through a C `DBusError`,
/// and throws that error. libdbus's own error names are the standard ones.
func withCError<T>(_ body: (UnsafeMutablePointer<CDBus.DBusError>) -> T) throws(DBusError) -> T {
    var error = CDBus.DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    let result = body(&error)
    if dbus_error_is_set(&error) != 0 {
        throw DBusError(
            name: error.name.map { String(cString: $0) } ?? DBusError.Name.failed,
            message: error.message.map { String(cString: $0) } ?? "")
    }
    return result
}

/// Checks the boolean that libdbus returns from allocating functions:
/// FALSE there only ever means it ran out of memory.
func checkMemory(_ ok: dbus_bool_t, _ what: StaticString) throws(DBusError) {
    if ok == 0 {
        throw DBusError(name: DBusError.Name.noMemory, message: "libdbus ran out of memory in \(what)")
    }
}
