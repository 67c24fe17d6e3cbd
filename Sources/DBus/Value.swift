/// A D-Bus type signature such as `s`, `a{sv}` or `(sx)`.
public struct Signature: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral text: String) { self.text = text }

    public var description: String { text }

    /// The signature of several values in a row: the concatenation of theirs.
    public init(of values: [Value]) {
        text = values.map(\.typeSignature.text).joined()
    }

    /// Splits a valid signature into its single complete types: `sa{sv}(ii)` → `s`, `a{sv}`, `(ii)`.
    public var completeTypes: [Signature] {
        var types: [Signature] = []
        var current = ""
        var depth = 0
        for character in text {
            current.append(character)
            switch character {
            case "a": continue
            case "(", "{": depth += 1
            case ")", "}": depth -= 1
            default: break
            }
            if depth == 0 {
                types.append(Signature(current))
                current = ""
            }
        }
        return types
    }
}

/// One entry of a D-Bus dictionary (`a{kv}`).
public struct DictEntry: Hashable, Sendable {
    public var key: Value
    public var value: Value

    public init(_ key: Value, _ value: Value) {
        self.key = key
        self.value = value
    }
}

/// A D-Bus value of any type except unix file descriptors.
///
/// Containers carry the signature of their contents so that empty ones still
/// have a type: `.array("s", [])` is an empty `as`.
public indirect enum Value: Hashable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(Signature)
    case variant(Value)
    /// An array, with the signature of one element.
    case array(Signature, [Value])
    /// A dictionary `a{kv}`, with the key and value signatures.
    case dictionary(key: Signature, value: Signature, [DictEntry])
    case structure([Value])

    /// This value's D-Bus type signature.
    public var typeSignature: Signature {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .variant: "v"
        case .array(let element, _): Signature("a" + element.text)
        case .dictionary(let key, let value, _): Signature("a{\(key.text)\(value.text)}")
        case .structure(let fields): Signature("(" + Signature(of: fields).text + ")")
        }
    }
}

// MARK: - Reading values

extension Value {
    /// The value inside any number of variants; other values as they are.
    public var unwrapped: Value {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    // The accessors below look through variants, so they read `a{sv}` values directly.

    public var stringValue: String? {
        if case .string(let text) = unwrapped { return text }
        return nil
    }

    public var objectPathValue: String? {
        if case .objectPath(let path) = unwrapped { return path }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = unwrapped { return flag }
        return nil
    }

    public var doubleValue: Double? {
        if case .double(let number) = unwrapped { return number }
        return nil
    }

    /// Any D-Bus integer type (`y n q i u x t`) as an `Int64`, or nil when it is
    /// not an integer or does not fit. Peers differ in the integer type they send
    /// (gdbus sends `i` for a bare number), so readers should accept them all.
    public var asInt64: Int64? { integer(as: Int64.self) }

    /// Any D-Bus integer type converted exactly to `T`, or nil when it does not fit.
    public func integer<T: FixedWidthInteger>(as type: T.Type) -> T? {
        switch unwrapped {
        case .byte(let n): T(exactly: n)
        case .int16(let n): T(exactly: n)
        case .uint16(let n): T(exactly: n)
        case .int32(let n): T(exactly: n)
        case .uint32(let n): T(exactly: n)
        case .int64(let n): T(exactly: n)
        case .uint64(let n): T(exactly: n)
        default: nil
        }
    }

    /// The elements of an array (a dictionary's entries are not elements).
    public var arrayValue: [Value]? {
        if case .array(_, let elements) = unwrapped { return elements }
        return nil
    }

    public var structureFields: [Value]? {
        if case .structure(let fields) = unwrapped { return fields }
        return nil
    }

    public var dictionaryEntries: [DictEntry]? {
        if case .dictionary(_, _, let entries) = unwrapped { return entries }
        return nil
    }
}

// MARK: - a{sv} and aa{sv}

extension Value {
    /// Builds an `a{sv}` ("vardict"), keys sorted so the wire form is stable.
    public static func vardict(_ dictionary: [String: Value]) -> Value {
        let entries = dictionary.sorted { $0.key < $1.key }
            .map { DictEntry(.string($0.key), .variant($0.value)) }
        return .dictionary(key: "s", value: "v", entries)
    }

    /// Builds an `aa{sv}`.
    public static func vardictArray(_ dictionaries: [[String: Value]]) -> Value {
        .array("a{sv}", dictionaries.map(vardict))
    }

    /// Reads an `a{sv}` with each value taken out of its variant;
    /// nil when this is not an `a{sv}`.
    public var vardictValue: [String: Value]? {
        guard case .dictionary("s", "v", let entries) = unwrapped else { return nil }
        var result: [String: Value] = [:]
        for entry in entries {
            guard case .string(let key) = entry.key, case .variant(let value) = entry.value else { return nil }
            result[key] = value
        }
        return result
    }

    /// Reads an `aa{sv}`; nil when this is not one.
    public var vardictArrayValue: [[String: Value]]? {
        guard case .array("a{sv}", let elements) = unwrapped else { return nil }
        var result: [[String: Value]] = []
        for element in elements {
            guard let dictionary = element.vardictValue else { return nil }
            result.append(dictionary)
        }
        return result
    }
}
