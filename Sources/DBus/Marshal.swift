import CDBus

// Values go in and out of messages through DBusMessageIter only: Swift cannot
// call the variadic dbus_message_append_args / dbus_message_get_args.
//
// libdbus aborts the process when handed an invalid path, signature or
// container content, so everything is checked in Swift before it is written.

/// D-Bus type codes as they appear in signatures.
private enum TypeCode {
    static func of(_ character: Character) -> Int32 { Int32(character.asciiValue ?? 0) }
    static func character(_ code: Int32) -> Character { Character(Unicode.Scalar(UInt8(truncatingIfNeeded: code))) }
}

/// The deepest container nesting accepted in either direction; the D-Bus
/// specification allows 64 in total, peers are not expected to come near.
private let maximumDepth = 32

// MARK: - Checking before writing

/// Throws when `values` cannot form a message body: libdbus would abort or
/// the bus would drop the connection for it.
func validateBody(_ values: [Value]) throws(DBusError) {
    let signature = Signature(of: values)
    try validateSignature(signature)
    for value in values { try validate(value, depth: 0) }
}

/// Checks a signature with `dbus_signature_validate` (which also enforces the length and depth limits).
func validateSignature(_ signature: Signature) throws(DBusError) {
    _ = try withCError { dbus_signature_validate(signature.text, $0) }
}

/// Checks an object path with `dbus_validate_path`.
func validatePath(_ path: String) throws(DBusError) {
    _ = try withCError { dbus_validate_path(path, $0) }
}

private func validate(_ value: Value, depth: Int) throws(DBusError) {
    guard depth < maximumDepth else { throw .invalidArgs("values are nested more than \(maximumDepth) deep") }
    switch value {
    case .byte, .bool, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double:
        return
    case .string(let text):
        if text.utf8.contains(0) { throw .invalidArgs("a D-Bus string cannot contain a NUL character") }
    case .objectPath(let path):
        try validatePath(path)
    case .signature(let signature):
        try validateSignature(signature)
    case .variant(let inner):
        try validate(inner, depth: depth + 1)
    case .array(let element, let elements):
        try validateSingle(value.typeSignature)
        for item in elements {
            guard item.typeSignature == element else {
                throw .invalidArgs("array of \(element) holds a value of type \(item.typeSignature)")
            }
            try validate(item, depth: depth + 1)
        }
    case .dictionary(let key, let valueType, let entries):
        try validateSingle(value.typeSignature)
        for entry in entries {
            guard entry.key.typeSignature == key, entry.value.typeSignature == valueType else {
                throw .invalidArgs("dictionary \(value.typeSignature) holds an entry of types \(entry.key.typeSignature), \(entry.value.typeSignature)")
            }
            try validate(entry.key, depth: depth + 1)
            try validate(entry.value, depth: depth + 1)
        }
    case .structure(let fields):
        if fields.isEmpty { throw .invalidArgs("a D-Bus structure needs at least one field") }
        for field in fields { try validate(field, depth: depth + 1) }
    }
}

/// `dbus_signature_validate_single`: exactly one complete type.
private func validateSingle(_ signature: Signature) throws(DBusError) {
    _ = try withCError { dbus_signature_validate_single(signature.text, $0) }
}

// MARK: - Writing

/// Appends validated values; only running out of memory can fail here.
func write(_ values: [Value], to iter: inout DBusMessageIter) throws(DBusError) {
    for value in values { try write(value, to: &iter) }
}

private func write(_ value: Value, to iter: inout DBusMessageIter) throws(DBusError) {
    switch value {
    case .byte(var n): try appendBasic("y", &n, &iter)
    case .bool(let flag):
        var raw: dbus_bool_t = flag ? 1 : 0
        try appendBasic("b", &raw, &iter)
    case .int16(var n): try appendBasic("n", &n, &iter)
    case .uint16(var n): try appendBasic("q", &n, &iter)
    case .int32(var n): try appendBasic("i", &n, &iter)
    case .uint32(var n): try appendBasic("u", &n, &iter)
    case .int64(var n): try appendBasic("x", &n, &iter)
    case .uint64(var n): try appendBasic("t", &n, &iter)
    case .double(var n): try appendBasic("d", &n, &iter)
    case .string(let text): try appendString("s", text, &iter)
    case .objectPath(let path): try appendString("o", path, &iter)
    case .signature(let signature): try appendString("g", signature.text, &iter)
    case .variant(let inner):
        try writeContainer("v", contents: inner.typeSignature, &iter) { (sub) throws(DBusError) in
            try write(inner, to: &sub)
        }
    case .array(let element, let elements):
        try writeContainer("a", contents: element, &iter) { (sub) throws(DBusError) in
            try write(elements, to: &sub)
        }
    case .dictionary(let key, let valueType, let entries):
        try writeContainer("a", contents: Signature("{\(key.text)\(valueType.text)}"), &iter) { (sub) throws(DBusError) in
            for entry in entries {
                try writeContainer("e", contents: nil, &sub) { (pair) throws(DBusError) in
                    try write([entry.key, entry.value], to: &pair)
                }
            }
        }
    case .structure(let fields):
        try writeContainer("r", contents: nil, &iter) { (sub) throws(DBusError) in
            try write(fields, to: &sub)
        }
    }
}

/// `dbus_message_iter_append_basic` for fixed-size types.
private func appendBasic<T: BitwiseCopyable>(_ code: Character, _ value: inout T, _ iter: inout DBusMessageIter) throws(DBusError) {
    try checkMemory(dbus_message_iter_append_basic(&iter, TypeCode.of(code), &value), "dbus_message_iter_append_basic")
}

/// `dbus_message_iter_append_basic` for string-like types, which take a `const char **`.
private func appendString(_ code: Character, _ text: String, _ iter: inout DBusMessageIter) throws(DBusError) {
    let ok = text.withCString { cString in
        var pointer: UnsafePointer<CChar>? = cString
        return dbus_message_iter_append_basic(&iter, TypeCode.of(code), &pointer)
    }
    try checkMemory(ok, "dbus_message_iter_append_basic")
}

/// `dbus_message_iter_open_container` … `dbus_message_iter_close_container`,
/// abandoning the container if the body fails.
private func writeContainer(
    _ code: Character, contents: Signature?, _ iter: inout DBusMessageIter,
    _ body: (inout DBusMessageIter) throws(DBusError) -> Void
) throws(DBusError) {
    var sub = DBusMessageIter()
    try checkMemory(
        dbus_message_iter_open_container(&iter, TypeCode.of(code), contents?.text, &sub),
        "dbus_message_iter_open_container")
    do {
        try body(&sub)
    } catch {
        dbus_message_iter_abandon_container(&iter, &sub)
        throw error
    }
    try checkMemory(dbus_message_iter_close_container(&iter, &sub), "dbus_message_iter_close_container")
}

// MARK: - Reading

/// Reads every remaining value. libdbus has validated the message on receipt;
/// what can still be unexpected (unix fds, excessive depth) throws.
func readAll(_ iter: inout DBusMessageIter, depth: Int = 0) throws(DBusError) -> [Value] {
    var values: [Value] = []
    while dbus_message_iter_get_arg_type(&iter) != 0 {
        values.append(try read(&iter, depth: depth))
        dbus_message_iter_next(&iter)
    }
    return values
}

private func read(_ iter: inout DBusMessageIter, depth: Int) throws(DBusError) -> Value {
    guard depth < maximumDepth else { throw .invalidArgs("values are nested more than \(maximumDepth) deep") }
    let code = TypeCode.character(dbus_message_iter_get_arg_type(&iter))
    switch code {
    case "y": return .byte(readBasic(&iter, 0))
    case "b": return .bool(readBasic(&iter, dbus_bool_t(0)) != 0)
    case "n": return .int16(readBasic(&iter, 0))
    case "q": return .uint16(readBasic(&iter, 0))
    case "i": return .int32(readBasic(&iter, 0))
    case "u": return .uint32(readBasic(&iter, 0))
    case "x": return .int64(readBasic(&iter, 0))
    case "t": return .uint64(readBasic(&iter, 0))
    case "d": return .double(readBasic(&iter, 0))
    case "s": return .string(readString(&iter))
    case "o": return .objectPath(readString(&iter))
    case "g": return .signature(Signature(readString(&iter)))
    case "v":
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        guard let inner = try readAll(&sub, depth: depth + 1).first else { throw .invalidArgs("empty variant") }
        return .variant(inner)
    case "r":
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        return .structure(try readAll(&sub, depth: depth + 1))
    case "a":
        return try readArray(&iter, depth: depth)
    default:
        throw .invalidArgs("values of D-Bus type '\(code)' are not supported")
    }
}

private func readArray(_ iter: inout DBusMessageIter, depth: Int) throws(DBusError) -> Value {
    let element = Signature(String(try iterSignature(&iter).text.dropFirst()))
    var sub = DBusMessageIter()
    dbus_message_iter_recurse(&iter, &sub)
    guard element.text.first == "{" else {
        return .array(element, try readAll(&sub, depth: depth + 1))
    }
    // `{kv}`: the key is always a single basic type code.
    let inner = element.text.dropFirst().dropLast()
    let key = Signature(String(inner.prefix(1)))
    let valueType = Signature(String(inner.dropFirst()))
    var entries: [DictEntry] = []
    while dbus_message_iter_get_arg_type(&sub) != 0 {
        var pair = DBusMessageIter()
        dbus_message_iter_recurse(&sub, &pair)
        let fields = try readAll(&pair, depth: depth + 2)
        guard fields.count == 2 else { throw .invalidArgs("malformed dictionary entry") }
        entries.append(DictEntry(fields[0], fields[1]))
        dbus_message_iter_next(&sub)
    }
    return .dictionary(key: key, value: valueType, entries)
}

/// `dbus_message_iter_get_basic` for fixed-size types.
private func readBasic<T: BitwiseCopyable>(_ iter: inout DBusMessageIter, _ initial: T) -> T {
    var value = initial
    dbus_message_iter_get_basic(&iter, &value)
    return value
}

/// `dbus_message_iter_get_basic` for string-like types.
private func readString(_ iter: inout DBusMessageIter) -> String {
    var pointer: UnsafePointer<CChar>? = nil
    dbus_message_iter_get_basic(&iter, &pointer)
    return pointer.map { String(cString: $0) } ?? ""
}

/// `dbus_message_iter_get_signature`, whose result must be freed with `dbus_free`.
private func iterSignature(_ iter: inout DBusMessageIter) throws(DBusError) -> Signature {
    guard let raw = dbus_message_iter_get_signature(&iter) else {
        throw DBusError(name: DBusError.Name.noMemory, message: "libdbus ran out of memory in dbus_message_iter_get_signature")
    }
    defer { dbus_free(raw) }
    return Signature(String(cString: raw))
}
