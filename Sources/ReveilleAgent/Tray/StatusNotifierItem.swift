import DBus

/// The names of the tray item's D-Bus objects, for the watcher, the hosts and the tests.
enum TrayNames {
    static let itemInterface = "org.kde.StatusNotifierItem"
    static let itemPath = "/StatusNotifierItem"
    static let menuInterface = "com.canonical.dbusmenu"
    static let menuPath = "/MenuBar"
    static let watcher = "org.kde.StatusNotifierWatcher"
    static let watcherPath = "/StatusNotifierWatcher"
    /// The item's `Id`: the same in every session.
    static let id = "reveille"
    static let title = "Reveille"
}

extension Tray {
    /// `org.kde.StatusNotifierItem` at `/StatusNotifierItem`: decode, ask the tray, encode.
    var itemInterface: ExportedInterface {
        let noPixmaps = Value.array("(iiay)", [])
        return ExportedInterface(
            TrayNames.itemInterface,
            methods: [
                ExportedMethod("ContextMenu", in: "ii", inArgs: ["x", "y"]) { _ in [] },
                ExportedMethod("Activate", in: "ii", inArgs: ["x", "y"]) { [self] _ in
                    await activate()
                    return []
                },
                ExportedMethod("SecondaryActivate", in: "ii", inArgs: ["x", "y"]) { _ in [] },
                ExportedMethod("Scroll", in: "is", inArgs: ["delta", "orientation"]) { _ in [] },
            ],
            properties: [
                ExportedProperty("Category", signature: "s") { .string("ApplicationStatus") },
                ExportedProperty("Id", signature: "s") { .string(TrayNames.id) },
                ExportedProperty("Title", signature: "s") { .string(TrayNames.title) },
                ExportedProperty("Status", signature: "s") { [self] in .string(look.status) },
                ExportedProperty("WindowId", signature: "i") { .int32(0) },
                ExportedProperty("IconThemePath", signature: "s") { [self] in .string(iconThemePath) },
                ExportedProperty("IconName", signature: "s") { [self] in .string(look.iconName) },
                ExportedProperty("IconPixmap", signature: "a(iiay)") { noPixmaps },
                ExportedProperty("OverlayIconName", signature: "s") { .string("") },
                ExportedProperty("OverlayIconPixmap", signature: "a(iiay)") { noPixmaps },
                ExportedProperty("AttentionIconName", signature: "s") { .string(TrayLook.attentionIconName) },
                ExportedProperty("AttentionIconPixmap", signature: "a(iiay)") { noPixmaps },
                ExportedProperty("AttentionMovieName", signature: "s") { .string("") },
                ExportedProperty("ToolTip", signature: "(sa(iiay)ss)") { [self] in
                    let look = self.look
                    return .structure([.string(look.iconName), noPixmaps, .string(look.title), .string(Self.markupEscaped(look.body))])
                },
                ExportedProperty("ItemIsMenu", signature: "b") { [self] in .bool(look.itemIsMenu) },
                ExportedProperty("Menu", signature: "o") { .objectPath(TrayNames.menuPath) },
            ],
            signals: [
                ExportedSignal("NewTitle"),
                ExportedSignal("NewIcon"),
                ExportedSignal("NewAttentionIcon"),
                ExportedSignal("NewOverlayIcon"),
                ExportedSignal("NewToolTip"),
                ExportedSignal("NewStatus", signature: "s", args: ["status"]),
            ])
    }

    /// Hosts may read a tooltip's text as markup: an alarm's label shows as it was typed.
    static func markupEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
