// Message calls scripts/po/extract.py must read, and look-alikes it must leave alone.
// Message("in a comment") is not a call; /* Message("nor in a block /* nested */ comment") */
import ReveilleText
import DBus

func texts(alarm: String, n: Int, arguments: [String: String]) -> [Message] {
    let label = "Message(\"in a string\") is not a call either, nor \(n) in an interpolation"
    return [
        Message("Missed alarm: {label}", ["label": alarm]),
        Message(context: "button", "Snooze"),
        Message(context: "verb", "Snooze"),
        Message("Snooze"),
        Message(one: "{count} snooze left", other: "{count} snoozes left", count: n),
        Message(context: "tray", one: "One alarm", other: "{count} alarms", count: n),
        Message("Say \"up\"\tthen\nrest \\ \u{E9}t\u{E9}"),
        Message("Missed alarm: {label}", ["label": label]),
        Message(
            "Spread over lines: {when}",
            ["when": String(n)]
        ),
        Message("Nested {inner}", messages: ["inner": Message("Inner text")]),
        Message("Rings at {time}", arguments),
        Message("Rang {when}", ["when": n > 1 ? "twice" : "once"]),
        Message(one: "{count} alarm at {time}", other: "{count} alarms at {time}", count: n, ["time": alarm]),
    ]
}

// Not messages: the D-Bus layer's own Message, a declaration, and Message.verbatim.
func notMessages(pointer: OpaquePointer) -> Any {
    _ = DBus.Message(owning: pointer)
    _ = Message.verbatim("a label the user typed")
    return [Message]()
}
struct Message {}
