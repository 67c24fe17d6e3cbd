import CDBus
import Glibc

/// A unix file descriptor received in a message, closed when this object goes away.
///
/// Some services tie a resource to a descriptor's lifetime (logind's `Inhibit`
/// holds its lock until the caller closes the fd), so dropping the object releases it.
public final class ReceivedFileDescriptor: Sendable {
    /// The descriptor number, valid while this object lives.
    public let rawValue: Int32

    init(owning rawValue: Int32) { self.rawValue = rawValue }

    deinit { Glibc.close(rawValue) }
}

extension Connection {
    /// Calls a method whose reply is a single unix file descriptor (`h`), such as
    /// `org.freedesktop.login1.Manager.Inhibit`. Errors as for `call`; a reply of
    /// another type throws `InvalidArgs`.
    public func callReturningFileDescriptor(
        destination: String?, path: String, interface: String?, method: String,
        arguments: [Value] = [], timeout: Duration? = nil
    ) async throws(DBusError) -> ReceivedFileDescriptor {
        let reply = try await callForMessage(destination: destination, path: path, interface: interface, method: method,
                                             arguments: arguments, timeout: timeout)
        return try reply.fileDescriptorArgument()
    }
}

extension Message {
    /// The body's one unix fd. `dbus_message_iter_get_basic` returns a new descriptor (a `dup`)
    /// that the caller owns, so each call here hands out an fd of its own.
    func fileDescriptorArgument() throws(DBusError) -> ReceivedFileDescriptor {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iter) != 0, dbus_message_iter_get_arg_type(&iter) == unixFDTypeCode else {
            throw .invalidArgs("expected a reply holding a unix file descriptor, got '\(signature)'")
        }
        var fd: Int32 = -1
        dbus_message_iter_get_basic(&iter, &fd)
        guard fd >= 0 else { throw .failed("the unix file descriptor in the reply could not be duplicated") }
        return ReceivedFileDescriptor(owning: fd)
    }
}

/// `DBUS_TYPE_UNIX_FD`, a macro Swift cannot import.
private let unixFDTypeCode = Int32(UInt8(ascii: "h"))
