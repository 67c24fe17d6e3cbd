import DBus

extension Tray {
    /// Ids, events or property names one call may name at most; the menu itself holds far fewer.
    static let maximumPerCall = 256

    /// `com.canonical.dbusmenu` at `/MenuBar`: decode, ask the tray, encode. The menu is built from
    /// the alarms as they are when the host asks, so its "in …" is that moment's.
    var menuInterface: ExportedInterface {
        ExportedInterface(
            TrayNames.menuInterface,
            methods: [
                ExportedMethod(
                    "GetLayout", in: "iias", out: "u(ia{sv}av)",
                    inArgs: ["parentId", "recursionDepth", "propertyNames"], outArgs: ["revision", "layout"]
                ) { [self] call in
                    let names = try Self.names(call.arguments[2])
                    let menu = await currentMenu()
                    let layout = try menu.layout(of: try Self.id(call.arguments[0]),
                                                 depth: call.arguments[1].integer(as: Int32.self) ?? -1, names: names)
                    return [.uint32(menu.revision), layout]
                },
                ExportedMethod(
                    "GetGroupProperties", in: "aias", out: "a(ia{sv})",
                    inArgs: ["ids", "propertyNames"], outArgs: ["properties"]
                ) { [self] call in
                    let ids = try Self.ids(call.arguments[0])
                    let names = try Self.names(call.arguments[1])
                    let menu = await currentMenu()
                    // Ids the menu does not have are left out, as the specification says.
                    let found = ids.compactMap { id in
                        (try? menu.properties(of: id, names: names)).map { Value.structure([.int32(id), .vardict($0)]) }
                    }
                    return [.array("(ia{sv})", found)]
                },
                ExportedMethod("GetProperty", in: "is", out: "v", inArgs: ["id", "name"], outArgs: ["value"]) { [self] call in
                    let name = call.arguments[1].stringValue ?? ""
                    let properties = try await currentMenu().properties(of: try Self.id(call.arguments[0]), names: [name])
                    guard let value = properties[name] else { throw DBusError.invalidArgs("the item has no property '\(name.prefix(64))'") }
                    return [.variant(value)]
                },
                ExportedMethod("Event", in: "isvu", inArgs: ["id", "eventId", "data", "timestamp"]) { [self] call in
                    try await event(try Self.id(call.arguments[0]), call.arguments[1].stringValue ?? "")
                    return []
                },
                // A person clicks one item at a time: of a group, only the first click runs its action,
                // so that one call cannot queue hundreds of them.
                ExportedMethod("EventGroup", in: "a(isvu)", out: "ai", inArgs: ["events"], outArgs: ["idErrors"]) { [self] call in
                    let events = call.arguments[0].arrayValue ?? []
                    guard events.count <= Self.maximumPerCall else {
                        throw DBusError.invalidArgs("at most \(Self.maximumPerCall) events at once, not \(events.count)")
                    }
                    var errors: [Value] = []
                    var clicked = false
                    for event in events {
                        let fields = event.structureFields ?? []
                        let id = fields.first?.integer(as: Int32.self) ?? -1
                        let kind = clicked ? "" : fields.dropFirst().first?.stringValue ?? ""
                        do {
                            try await self.event(id, kind)
                            clicked = clicked || kind == "clicked"
                        } catch {
                            errors.append(.int32(id))
                        }
                    }
                    return [.array("i", errors)]
                },
                ExportedMethod("AboutToShow", in: "i", out: "b", inArgs: ["id"], outArgs: ["needUpdate"]) { [self] call in
                    let id = try Self.id(call.arguments[0])
                    let (updated, unknown) = await aboutToShow([id])
                    guard unknown.isEmpty else { throw TrayMenuLayout.noItem(id) }
                    return [.bool(updated.contains(id))]
                },
                ExportedMethod(
                    "AboutToShowGroup", in: "ai", out: "aiai", inArgs: ["ids"], outArgs: ["updatesNeeded", "idErrors"]
                ) { [self] call in
                    let (updated, unknown) = await aboutToShow(try Self.ids(call.arguments[0]))
                    return [.array("i", updated.map(Value.int32)), .array("i", unknown.map(Value.int32))]
                },
            ],
            properties: [
                ExportedProperty("Version", signature: "u") { .uint32(3) },
                ExportedProperty("TextDirection", signature: "s") { .string("ltr") },
                ExportedProperty("Status", signature: "s") { .string("normal") },
                ExportedProperty("IconThemePath", signature: "as") { [self] in .array("s", [.string(iconThemePath)]) },
            ],
            signals: [
                ExportedSignal("ItemsPropertiesUpdated", signature: "a(ia{sv})a(ias)", args: ["updatedProps", "removedProps"]),
                ExportedSignal("LayoutUpdated", signature: "ui", args: ["revision", "parent"]),
                ExportedSignal("ItemActivationRequested", signature: "iu", args: ["id", "timestamp"]),
            ])
    }

    private static func id(_ value: Value) throws(DBusError) -> Int32 {
        guard let id = value.integer(as: Int32.self) else { throw .invalidArgs("a menu item id is an int32") }
        return id
    }

    private static func ids(_ value: Value) throws(DBusError) -> [Int32] {
        let ids = (value.arrayValue ?? []).compactMap { $0.integer(as: Int32.self) }
        guard ids.count <= maximumPerCall else { throw .invalidArgs("at most \(maximumPerCall) ids at once, not \(ids.count)") }
        return ids
    }

    private static func names(_ value: Value) throws(DBusError) -> Set<String> {
        let names = (value.arrayValue ?? []).compactMap(\.stringValue)
        guard names.count <= maximumPerCall else {
            throw .invalidArgs("at most \(maximumPerCall) property names at once, not \(names.count)")
        }
        return Set(names)
    }
}
