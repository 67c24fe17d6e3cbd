import ReveilleText

/// Renders `Message`s in one language, through glibc's gettext and the `reveille` catalogues.
///
///     let text = translator(Message("Missed alarm: {label}", ["label": label]))
///
/// A translator holds its language's locale object (LC_MESSAGES of an installed locale of that
/// language) and makes it the thread's locale only around each lookup, so the process's locale
/// and environment are never changed, and two translators of two languages can be used side by
/// side. `Translator.english` (and any translator whose catalogue is missing or lacks a message)
/// renders `message.english`. Sendable: the agent swaps in a new one when the session's language
/// changes; a copy in use keeps its locale alive.
public struct Translator: Sendable {
    /// English, untranslated: what the C locale shows.
    public static let english = Translator(language: nil, locale: nil, directory: "")

    /// The catalogue's language (`de`, `pt_BR`), or nil for English.
    public let language: String?
    /// The locale whose LC_MESSAGES leads glibc to the catalogue of `language`.
    let locale: PosixLocale?
    /// The directory holding the catalogues (`DIR/LL/LC_MESSAGES/reveille.mo`).
    let directory: String

    init(language: String?, locale: PosixLocale?, directory: String) {
        self.language = locale == nil ? nil : language
        self.locale = locale
        self.directory = directory
    }

    /// The message in this translator's language; English for what the catalogue does not have.
    public func callAsFunction(_ message: Message) -> String {
        if message.isVerbatim { return message.english }
        let template = locale.flatMap { locale in locale.using { TextDomain.lookup(message, in: directory) } } ?? message.englishTemplate
        return message.fill(template) { self($0) }
    }
}
