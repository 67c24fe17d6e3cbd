import DBus

/// The menu as `com.canonical.dbusmenu` serves it: every entry numbered, the root 0.
///
/// An entry keeps its number for as long as it stays in the menu, and a number is never given to
/// another entry: a click the host sends from a menu it read before a change reaches the same
/// alarm's same action, or nothing. Only the entries of the current menu are held.
struct TrayMenuLayout: Sendable {
    struct Entry: Equatable, Sendable {
        var item: TrayMenuItem
        var children: [Int32]
    }

    static let rootID: Int32 = 0

    /// Moves on whenever the menu changes (`LayoutUpdated`, `GetLayout`'s first answer).
    private(set) var revision: UInt32 = 1
    private(set) var entries: [Int32: Entry] = [rootID: Entry(item: TrayMenuItem(key: .noAlarm), children: [])]
    private var numbers: [TrayMenuItem.Key: Int32] = [:]
    private var nextNumber: Int32 = 1

    /// Makes `items` the menu; true when it differs from the one before, whose revision then moves on.
    mutating func update(_ items: [TrayMenuItem]) -> Bool {
        var kept: [TrayMenuItem.Key: Int32] = [:]
        var fresh: [Int32: Entry] = [:]
        func number(_ item: TrayMenuItem) -> Int32 {
            let id = numbers[item.key] ?? takeNumber()
            kept[item.key] = id
            fresh[id] = Entry(item: item, children: item.children.map(number))
            return id
        }
        fresh[Self.rootID] = Entry(item: TrayMenuItem(key: .noAlarm), children: items.map(number))
        numbers = kept
        guard fresh != entries else { return false }
        entries = fresh
        revision &+= 1
        return true
    }

    private mutating func takeNumber() -> Int32 {
        defer { nextNumber = nextNumber == .max ? 1 : nextNumber + 1 }
        return nextNumber
    }

    /// What a click on `id` asks for; nil for an entry that does nothing. Throws for a number the
    /// menu does not have.
    func action(of id: Int32) throws(DBusError) -> TrayAction? {
        try entry(id).item.action
    }

    func entry(_ id: Int32) throws(DBusError) -> Entry {
        guard let entry = entries[id] else { throw Self.noItem(id) }
        return entry
    }

    /// The refusal of a number the menu does not have.
    static func noItem(_ id: Int32) -> DBusError { .invalidArgs("the menu has no item \(id)") }

    /// `(ia{sv}av)`: the entry, its properties among `names` (all when empty), and its children
    /// `depth` levels down (all for -1).
    func layout(of id: Int32, depth: Int32, names: Set<String>) throws(DBusError) -> Value {
        let entry = try entry(id)
        let children = depth == 0 ? [] : try entry.children.map { (child) throws(DBusError) in
            Value.variant(try layout(of: child, depth: depth < 0 ? -1 : depth - 1, names: names))
        }
        return .structure([.int32(id), .vardict(try properties(of: id, names: names)), .array("v", children)])
    }

    /// The entry's dbusmenu properties among `names` (all when empty); defaults are left out, as the spec allows.
    func properties(of id: Int32, names: Set<String>) throws(DBusError) -> [String: Value] {
        let entry = try entry(id)
        var properties: [String: Value] = [:]
        if id == Self.rootID {
            properties["children-display"] = .string("submenu")
        } else if case .separator = entry.item.key {
            properties["type"] = .string("separator")
        } else {
            properties["label"] = .string(Self.escaped(entry.item.label))
            if !entry.item.enabled { properties["enabled"] = .bool(false) }
            if !entry.children.isEmpty { properties["children-display"] = .string("submenu") }
        }
        return names.isEmpty ? properties : properties.filter { names.contains($0.key) }
    }

    /// dbusmenu reads `_` as the mark of an access key: an alarm's label shows its own as they are.
    static func escaped(_ label: String) -> String {
        label.split(separator: "_", omittingEmptySubsequences: false).joined(separator: "__")
    }
}
