import CDBus

/// The bytes a message whose body is `values` takes on the wire, as a bus's message size limit
/// counts them. The corresponding C function is `dbus_message_marshal`.
public func wireSize(ofBody values: [Value]) throws(DBusError) -> Int {
    let message = try Message.signal(path: "/", interface: "io.github.Reveille1.Size", member: "Size")
    try message.append(values)
    var bytes: UnsafeMutablePointer<CChar>?
    var length: Int32 = 0
    guard dbus_message_marshal(message.raw, &bytes, &length) != 0 else {
        throw DBusError(name: DBusError.Name.noMemory, message: "libdbus could not marshal a message")
    }
    dbus_free(bytes)
    return Int(length)
}
