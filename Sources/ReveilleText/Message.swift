/// A user-facing text before it is translated: an English template with `{name}` placeholders, the
/// arguments that fill them, and optionally a context (`msgctxt`) and a plural.
///
///     Message("Missed alarm: {label}", ["label": alarm.displayLabel])
///     Message(context: "button", "Snooze")
///     Message(one: "{count} snooze left", other: "{count} snoozes left", count: n)
///
/// Templates are string literals (`StaticString`), never interpolated or concatenated, so that
/// `scripts/po/extract.py` finds every msgid by reading the sources. A placeholder is `{` + [a-z_]+ +
/// `}`; `{count}` of a plural is filled with the count. A placeholder without an argument stays as
/// it is written, and an argument without a placeholder is ignored. Arguments are filled once: a
/// value that itself contains `{x}` is not expanded again.
///
/// `english` renders the message untranslated, as the C locale shows it; a `Translator` (target
/// `Gettext`) renders it in a language. Pure: no I/O.
public struct Message: Hashable, Sendable {
    /// The English template (the msgid; for a plural, the singular).
    public let template: String
    /// The English plural template (`msgid_plural`), for a message that has a plural.
    public let pluralTemplate: String?
    /// The count that picks the plural form and fills `{count}`.
    public let count: Int?
    /// The context (`msgctxt`) that tells two meanings of one English text apart.
    public let context: String?
    /// Plain texts for the placeholders, already in the reader's language (a label, a number).
    public let arguments: [String: String]
    /// Texts for the placeholders that are themselves messages, rendered by the same translator.
    public let messages: [String: Message]

    /// A message without plural. `arguments` fill `{name}` placeholders; `messages` fill them with
    /// messages translated in the same language.
    public init(_ template: StaticString, _ arguments: [String: String] = [:], messages: [String: Message] = [:]) {
        self.init(context: nil, template: template.description, plural: nil, count: nil, arguments, messages)
    }

    /// A message with a context (`msgctxt`), for one English text with two meanings.
    public init(context: StaticString, _ template: StaticString, _ arguments: [String: String] = [:],
                messages: [String: Message] = [:]) {
        self.init(context: context.description, template: template.description, plural: nil, count: nil, arguments, messages)
    }

    /// A message whose form depends on `count`; `{count}` is filled with it in ASCII digits.
    public init(one: StaticString, other: StaticString, count: Int, _ arguments: [String: String] = [:],
                messages: [String: Message] = [:]) {
        self.init(context: nil, template: one.description, plural: other.description, count: count, arguments, messages)
    }

    /// A plural message with a context.
    public init(context: StaticString, one: StaticString, other: StaticString, count: Int,
                _ arguments: [String: String] = [:], messages: [String: Message] = [:]) {
        self.init(context: context.description, template: one.description, plural: other.description, count: count,
                  arguments, messages)
    }

    /// A text that needs no translation (a label the user typed, a path) carried as a message, so a
    /// function can take either. Its text is not extracted and never looked up.
    public static func verbatim(_ text: String) -> Message {
        Message(context: nil, template: "{text}", plural: nil, count: nil, ["text": text], [:], isVerbatim: true)
    }

    /// Whether this message is `verbatim` text, which a translator passes through.
    public let isVerbatim: Bool

    private init(context: String?, template: String, plural: String?, count: Int?, _ arguments: [String: String],
                 _ messages: [String: Message], isVerbatim: Bool = false) {
        self.context = context
        self.template = template
        self.pluralTemplate = plural
        self.count = count
        self.arguments = arguments
        self.messages = messages
        self.isVerbatim = isVerbatim
    }

    /// The English template for this count: the singular when the count is 1, as English has it.
    public var englishTemplate: String {
        guard let pluralTemplate, let count else { return template }
        return count == 1 ? template : pluralTemplate
    }

    /// The message in English, untranslated: what the C locale shows.
    public var english: String {
        fill(englishTemplate) { $0.english }
    }

    /// `template` (the English one or a translation of it) with the placeholders filled: the plain
    /// arguments as they are, the message arguments through `render`, `{count}` with the count.
    public func fill(_ template: String, render: (Message) -> String) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}"),
                  let name = Message.placeholderName(rest[afterOpen..<close])
            else {
                out += "{"
                rest = rest[afterOpen...]
                continue
            }
            if let value = arguments[name] {
                out += value
            } else if let message = messages[name] {
                out += render(message)
            } else if name == "count", let count {
                out += String(count)
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The placeholder names of `template`, in order, repeats included: what a translation must keep.
    public static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let name = placeholderName(rest[afterOpen..<close]) {
                names.append(name)
                rest = rest[rest.index(after: close)...]
            } else {
                rest = rest[afterOpen...]
            }
        }
        return names
    }

    /// The name between braces when it is a placeholder's ([a-z_]+), else nil.
    private static func placeholderName(_ text: Substring) -> String? {
        guard !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }) else { return nil }
        return String(text)
    }
}
