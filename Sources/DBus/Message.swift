import CDBus

/// The one owner of a `DBusMessage*` reference, released in `deinit`.
///
/// A message is built on one thread and then handed to the connection's queue,
/// never used from two threads at once; hence `@unchecked Sendable`.
final class Message: @unchecked Sendable {
    let raw: OpaquePointer

    /// Takes over a reference the caller owns (from a `dbus_message_new*` or `steal_reply`).
    init(owning raw: OpaquePointer) { self.raw = raw }

    /// Adds a reference to a message libdbus lends us (`dbus_message_ref`).
    init(borrowing raw: OpaquePointer) {
        self.raw = dbus_message_ref(raw)
    }

    deinit { dbus_message_unref(raw) }

    /// `dbus_message_new_method_call`, after checking every name (libdbus aborts on invalid ones).
    static func methodCall(destination: String?, path: String, interface: String?, member: String) throws(DBusError) -> Message {
        if let destination { _ = try withCError { dbus_validate_bus_name(destination, $0) } }
        try validatePath(path)
        if let interface { _ = try withCError { dbus_validate_interface(interface, $0) } }
        _ = try withCError { dbus_validate_member(member, $0) }
        return try adopt(dbus_message_new_method_call(destination, path, interface, member))
    }

    /// `dbus_message_new_signal`.
    static func signal(path: String, interface: String, member: String) throws(DBusError) -> Message {
        try validatePath(path)
        _ = try withCError { dbus_validate_interface(interface, $0) }
        _ = try withCError { dbus_validate_member(member, $0) }
        return try adopt(dbus_message_new_signal(path, interface, member))
    }

    /// `dbus_message_new_method_return`.
    func methodReturn() throws(DBusError) -> Message {
        try Self.adopt(dbus_message_new_method_return(raw))
    }

    /// `dbus_message_new_error`; an invalid error name from a handler becomes `Failed`.
    func errorReply(_ error: DBusError) throws(DBusError) -> Message {
        var error = error
        if (try? withCError({ dbus_validate_error_name(error.name, $0) })) == nil {
            error = .failed("\(error.name): \(error.message)")
        }
        return try Self.adopt(dbus_message_new_error(raw, error.name, error.message))
    }

    private static func adopt(_ raw: OpaquePointer?) throws(DBusError) -> Message {
        guard let raw else { throw DBusError(name: DBusError.Name.noMemory, message: "libdbus could not allocate a message") }
        return Message(owning: raw)
    }

    // MARK: Header fields

    /// `dbus_message_get_type`.
    var type: Int32 { dbus_message_get_type(raw) }
    var isMethodCall: Bool { type == DBUS_MESSAGE_TYPE_METHOD_CALL }
    var isSignal: Bool { type == DBUS_MESSAGE_TYPE_SIGNAL }
    var isError: Bool { type == DBUS_MESSAGE_TYPE_ERROR }

    var path: String? { string(dbus_message_get_path(raw)) }
    var interface: String? { string(dbus_message_get_interface(raw)) }
    var member: String? { string(dbus_message_get_member(raw)) }
    var sender: String? { string(dbus_message_get_sender(raw)) }
    var errorName: String? { string(dbus_message_get_error_name(raw)) }
    var signature: Signature { Signature(string(dbus_message_get_signature(raw)) ?? "") }
    /// `dbus_message_get_no_reply`: the caller asked for no reply.
    var noReply: Bool { dbus_message_get_no_reply(raw) != 0 }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    // MARK: Body

    /// Decodes the body (`dbus_message_iter_init`); never traps on unexpected content.
    func arguments() throws(DBusError) -> [Value] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iter) != 0 else { return [] }  // FALSE: empty body
        return try readAll(&iter)
    }

    /// Appends values after checking them (`dbus_message_iter_init_append`).
    func append(_ values: [Value]) throws(DBusError) {
        try validateBody(values)
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iter)
        try write(values, to: &iter)
    }

    /// The body of an error reply as a thrown error: its name and first string argument.
    func asError() -> DBusError {
        let text = (try? arguments())?.first?.stringValue ?? ""
        return DBusError(name: errorName ?? DBusError.Name.failed, message: text)
    }
}
