import Glibc
import ReveilleText
import ReveilleTime

/// The language and time format of a reader, resolved from the locale variables of an environment:
/// the CLI's own, or the session's that the agent reads from the systemd user manager.
///
///     let locale = UserLocale(environment: environment, localeDirectory: paths.localeDirectory)
///     print(locale.translator(Message("Missed alarm: {label}", ["label": label])))
///     print(locale.timeStyle.time(alarm.time))          // "7:00 AM" under en_US.UTF-8
///
/// The language follows glibc's rules, resolved here rather than by glibc so that the agent can
/// follow a session whose variables are not its own: the first non-empty of `LC_ALL`,
/// `LC_MESSAGES`, `LANG` names the messages locale; under C or POSIX everything is English and
/// `LANGUAGE` is ignored; else `LANGUAGE` (a colon-separated list), or that locale alone, is tried in
/// order, and the first entry with a catalogue (`DIR/ll_CC/LC_MESSAGES/reveille.mo`, then `DIR/ll/…`)
/// wins. An English entry (`en`, `en_GB`) without a catalogue of its own stops the search: English.
/// The time format follows `LC_ALL`, `LC_TIME`, `LANG`.
public struct UserLocale: Sendable {
    /// The variables a locale is resolved from, and that a child process needs to speak the same.
    public static let variableNames = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_TIME", "LANG"]

    /// English messages and `TimeStyle.posix`: what the C locale shows.
    public static let english = UserLocale(translator: .english, timeStyle: .posix, variables: [:])

    /// Renders messages in the reader's language.
    public let translator: Translator
    /// How the reader's locale writes times and dates.
    public let timeStyle: TimeStyle
    /// The locale variables it was resolved from (those of `variableNames` that were set): what to
    /// put in the environment of a child, such as the captcha, so that it speaks the same language.
    public let variables: [String: String]

    /// The catalogue's language (`de`, `pt_BR`), or `en` when messages are English.
    public var language: String { translator.language ?? "en" }

    public init(translator: Translator, timeStyle: TimeStyle, variables: [String: String]) {
        self.translator = translator
        self.timeStyle = timeStyle
        self.variables = variables
    }

    /// Resolves the locale variables of `environment` against the catalogues in `localeDirectory`.
    /// A language with no catalogue, or none of whose locales is installed, is English; a time
    /// locale that is not installed writes times as `.posix` does.
    public init(environment: [String: String], localeDirectory: String) {
        var variables: [String: String] = [:]
        for name in UserLocale.variableNames { if let value = environment[name], !value.isEmpty { variables[name] = value } }
        let messages = LocaleName(variables["LC_ALL"] ?? variables["LC_MESSAGES"] ?? variables["LANG"] ?? "C")
        let timeName = variables["LC_ALL"] ?? variables["LC_TIME"] ?? variables["LANG"] ?? "C"
        let language = UserLocale.catalogueLanguage(
            messages: messages, languageList: variables["LANGUAGE"],
            catalogueExists: { Catalogue.exists(language: $0, in: localeDirectory) })
        let translator = language.flatMap { language in
            UserLocale.messagesLocale(for: language, session: messages).map { locale in
                TextDomain.bind(localeDirectory)
                return Translator(language: language, locale: locale)
            }
        } ?? .english
        self.init(translator: translator, timeStyle: UserLocale.timeStyle(timeName), variables: variables)
    }

    /// The catalogue `languageList` (or `messages` alone) leads to; nil for English.
    static func catalogueLanguage(messages: LocaleName, languageList: String?,
                                  catalogueExists: (String) -> Bool) -> String? {
        if messages.isC { return nil }
        let entries = languageList.map { $0.split(separator: ":").map { LocaleName(String($0)) } } ?? [messages]
        for entry in entries {
            if entry.isC { return nil }
            if let found = entry.catalogueNames.first(where: catalogueExists) { return found }
            if entry.language == "en" { return nil }
        }
        return nil
    }

    /// A locale whose LC_MESSAGES leads glibc to the catalogue `language`: the session's own when
    /// it is of that language, else `ll_CC.UTF-8`, `ll_LL.UTF-8` (`de_DE`), `ll.UTF-8`; nil when
    /// none is installed.
    static func messagesLocale(for language: String, session: LocaleName) -> PosixLocale? {
        let wanted = LocaleName(language)
        var names: [String] = []
        if session.language == wanted.language, wanted.territory == nil || wanted.territory == session.territory {
            names.append(session.text)
        }
        if let territory = wanted.territory { names.append("\(wanted.language)_\(territory).UTF-8") }
        names.append("\(wanted.language)_\(wanted.language.uppercased()).UTF-8")
        names.append("\(wanted.language).UTF-8")
        for name in names { if let locale = PosixLocale(messages: name) { return locale } }
        return nil
    }

    /// The time style of the locale `name`; `.posix` when it is C or not installed. A locale
    /// written in another codeset (`de_DE` in ISO-8859-1) is read in its UTF-8 form.
    static func timeStyle(_ name: String) -> TimeStyle {
        let locale = LocaleName(name)
        if locale.isC { return .posix }
        let utf8 = locale.language + (locale.territory.map { "_" + $0 } ?? "") + ".UTF-8"
        for candidate in [name, utf8] {
            guard let posix = PosixLocale(candidate) else { continue }
            let codeset = posix.info(Int(CODESET))
            if codeset == "UTF-8" || codeset == "ANSI_X3.4-1968" && candidate == utf8 { return TimeStyle(posix) }
        }
        return .posix
    }
}

/// The catalogue files: `DIR/LANGUAGE/LC_MESSAGES/reveille.mo`.
enum Catalogue {
    /// Whether the catalogue of `language` can be read. The corresponding C function is `access`.
    static func exists(language: String, in directory: String) -> Bool {
        access("\(directory)/\(language)/LC_MESSAGES/\(TextDomain.name).mo", R_OK) == 0
    }
}
