import CDBus
import Synchronization

// Large replies built from many parts that rarely change (ListAlarms) are marshalled here, in
// Swift, once per part: a part keeps its wire bytes, and a reply is those bytes copied in one
// pass and handed to libdbus whole (`dbus_message_demarshal`, which validates them again).
// Going through DBusMessageIter instead costs a C call per value and per container, per reply.

/// The entries of one `a{sv}` in wire form (little-endian), ready to be placed in an `aa{sv}`.
///
/// Entries start at an 8-byte boundary, so their bytes do not depend on where the dictionary lands.
public struct EncodedVardict: Hashable, Sendable {
    let entries: [UInt8]

    /// Marshals `dictionary` with its keys sorted, as `Value.vardict` does; throws what `Message.append` would.
    public init(_ dictionary: [String: Value]) throws(DBusError) {
        let value = Value.vardict(dictionary)
        try validateBody([value])
        guard case .dictionary(_, _, let pairs) = value else { preconditionFailure("vardict builds a dictionary") }
        var writer = WireWriter()
        for pair in pairs {
            writer.align(to: 8)
            writer.write(pair.key)
            writer.write(pair.value)
        }
        entries = writer.bytes
    }
}

/// A whole reply body in wire form.
public struct EncodedBody: Sendable {
    public let signature: Signature
    let bytes: [UInt8]
    /// The first reply made with this body, once libdbus has checked it: later replies copy it
    /// and change only whom they answer, so that the same body is checked once, not per call.
    let checked = CheckedReply()

    init(signature: Signature, bytes: [UInt8]) {
        self.signature = signature
        self.bytes = bytes
    }

    /// An `aa{sv}` of already encoded dictionaries, written in one pass.
    public static func vardictArray(_ dictionaries: [EncodedVardict]) -> EncodedBody {
        var writer = WireWriter()
        writer.bytes.reserveCapacity(8 + dictionaries.reduce(0) { $0 + $1.entries.count + 8 })
        writer.writeArray(elementAlignment: 4) { writer in
            for dictionary in dictionaries {
                writer.writeArray(elementAlignment: 8) { $0.bytes.append(contentsOf: dictionary.entries) }
            }
        }
        return EncodedBody(signature: "aa{sv}", bytes: writer.bytes)
    }

    /// An `a{sv}` of one already encoded dictionary.
    public static func vardict(_ dictionary: EncodedVardict) -> EncodedBody {
        var writer = WireWriter()
        writer.bytes.reserveCapacity(8 + dictionary.entries.count)
        writer.writeArray(elementAlignment: 8) { $0.bytes.append(contentsOf: dictionary.entries) }
        return EncodedBody(signature: "a{sv}", bytes: writer.bytes)
    }

    /// The values these bytes stand for, read back as any received message is.
    public func values() throws(DBusError) -> [Value] {
        try Message.methodReturn(replyingTo: 1, destination: nil, body: self).arguments()
    }
}

/// Holds a reply libdbus loaded, never sent itself: only its copies are.
final class CheckedReply: Sendable {
    let message = Mutex<Message?>(nil)
}

/// Appends values in D-Bus wire form; offsets count from the start of the body, which is 8-aligned.
struct WireWriter {
    var bytes: [UInt8] = []

    mutating func align(to boundary: Int) {
        let padding = (boundary - bytes.count % boundary) % boundary
        bytes.append(contentsOf: repeatElement(0, count: padding))
    }

    private mutating func fixed<T: FixedWidthInteger>(_ number: T) {
        align(to: MemoryLayout<T>.size)
        withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func text(_ string: String) {
        fixed(UInt32(string.utf8.count))
        bytes.append(contentsOf: string.utf8)
        bytes.append(0)
    }

    private mutating func signature(_ signature: Signature) {
        bytes.append(UInt8(signature.text.utf8.count))
        bytes.append(contentsOf: signature.text.utf8)
        bytes.append(0)
    }

    /// An array: its byte length, padding to its elements' alignment (counted outside the length), then them.
    mutating func writeArray(elementAlignment: Int, _ elements: (inout WireWriter) -> Void) {
        align(to: 4)
        let lengthAt = bytes.count
        fixed(UInt32(0))
        align(to: elementAlignment)
        let start = bytes.count
        elements(&self)
        let length = UInt32(bytes.count - start).littleEndian
        withUnsafeBytes(of: length) { raw in
            for (offset, byte) in raw.enumerated() { bytes[lengthAt + offset] = byte }
        }
    }

    mutating func write(_ value: Value) {
        switch value {
        case .byte(let n): bytes.append(n)
        case .bool(let flag): fixed(UInt32(flag ? 1 : 0))
        case .int16(let n): fixed(n)
        case .uint16(let n): fixed(n)
        case .int32(let n): fixed(n)
        case .uint32(let n): fixed(n)
        case .int64(let n): fixed(n)
        case .uint64(let n): fixed(n)
        case .double(let n): fixed(n.bitPattern)
        case .string(let string), .objectPath(let string): text(string)
        case .signature(let value): signature(value)
        case .variant(let inner):
            signature(inner.typeSignature)
            write(inner)
        case .array(let element, let elements):
            writeArray(elementAlignment: alignment(of: element)) { writer in
                for item in elements { writer.write(item) }
            }
        case .dictionary(_, _, let entries):
            writeArray(elementAlignment: 8) { writer in
                for entry in entries {
                    writer.align(to: 8)
                    writer.write(entry.key)
                    writer.write(entry.value)
                }
            }
        case .structure(let fields):
            align(to: 8)
            for field in fields { write(field) }
        }
    }

    private func alignment(of signature: Signature) -> Int {
        switch signature.text.utf8.first {
        case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
        case UInt8(ascii: "b"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "s"), UInt8(ascii: "o"), UInt8(ascii: "a"): 4
        case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): 8
        default: 1  // y g v
        }
    }
}

extension Message {
    /// The method return to this call with `body`: a header written here, loaded by `dbus_message_demarshal`.
    ///
    /// The header is the one `dbus_message_new_method_return` makes: no reply expected, the caller as
    /// destination, the reply serial, then the signature. libdbus loads no message without a serial, and
    /// `dbus_message_copy` clears it again, so that the connection numbers the reply as any other.
    func methodReturn(body: EncodedBody) throws(DBusError) -> Message {
        let serial = dbus_message_get_serial(raw)
        if let checked = body.checked.message.withLock({ $0 }) {
            guard let copy = dbus_message_copy(checked.raw) else {
                throw DBusError(name: DBusError.Name.noMemory, message: "libdbus could not copy a message")
            }
            let reply = Message(owning: copy)
            let readdressed = dbus_message_set_reply_serial(reply.raw, serial) != 0
                && dbus_message_set_destination(reply.raw, sender) != 0
            guard readdressed else { throw DBusError(name: DBusError.Name.noMemory, message: "libdbus could not address a message") }
            return reply
        }
        let reply = try Self.methodReturn(replyingTo: serial, destination: sender, body: body)
        body.checked.message.withLock { $0 = reply }
        return reply
    }

    static func methodReturn(replyingTo serial: UInt32, destination: String?, body: EncodedBody) throws(DBusError) -> Message {
        var header = WireWriter()
        header.bytes = [UInt8(ascii: "l"), UInt8(DBUS_MESSAGE_TYPE_METHOD_RETURN), UInt8(DBUS_HEADER_FLAG_NO_REPLY_EXPECTED), 1]
        header.write(.uint32(UInt32(body.bytes.count)))
        header.write(.uint32(1))
        var fields: [Value] = []
        if let destination {
            fields.append(.structure([.byte(UInt8(DBUS_HEADER_FIELD_DESTINATION)), .variant(.string(destination))]))
        }
        fields.append(.structure([.byte(UInt8(DBUS_HEADER_FIELD_REPLY_SERIAL)), .variant(.uint32(serial))]))
        fields.append(.structure([.byte(UInt8(DBUS_HEADER_FIELD_SIGNATURE)), .variant(.signature(body.signature))]))
        header.write(.array("(yv)", fields))
        header.align(to: 8)
        header.bytes.append(contentsOf: body.bytes)
        let bytes = header.bytes
        let loaded = try withCError { error in
            bytes.withUnsafeBytes { dbus_message_demarshal($0.baseAddress?.assumingMemoryBound(to: CChar.self), Int32($0.count), error) }
        }
        guard let loaded else { throw DBusError(name: DBusError.Name.noMemory, message: "libdbus could not load a message") }
        let numbered = Message(owning: loaded)
        guard let copy = dbus_message_copy(numbered.raw) else {
            throw DBusError(name: DBusError.Name.noMemory, message: "libdbus could not copy a message")
        }
        return Message(owning: copy)
    }
}

// MARK: Looking at messages whole, to compare replies made both ways

extension Message {
    /// `dbus_message_get_serial`; 0 until the connection numbers the message.
    var serial: UInt32 { dbus_message_get_serial(raw) }
    /// `dbus_message_get_reply_serial`.
    var replySerial: UInt32 { dbus_message_get_reply_serial(raw) }

    /// `dbus_message_set_serial` and `dbus_message_set_sender`, as a received call has them.
    func setReceived(serial: UInt32, sender: String) {
        dbus_message_set_serial(raw, serial)
        _ = dbus_message_set_sender(raw, sender)
    }

    /// The whole message in wire form, numbered `serial` (`dbus_message_marshal`).
    func marshalled(serial: UInt32) throws(DBusError) -> [UInt8] {
        dbus_message_set_serial(raw, serial)
        var bytes: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(raw, &bytes, &length) != 0 else {
            throw DBusError(name: DBusError.Name.noMemory, message: "libdbus could not marshal a message")
        }
        defer { dbus_free(bytes) }
        return UnsafeRawBufferPointer(start: bytes, count: Int(length)).map { $0 }
    }
}
