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

    /// The reader's languages by preference, as codes (`de`, `fr`): from `LANGUAGE`, else the
    /// messages locale; empty under C. For what follows the language without a catalogue (the
    /// typing challenge's word lists): the first with a list wins, else English.
    public let languages: [String]

    public init(translator: Translator, timeStyle: TimeStyle, variables: [String: String], languages: [String] = []) {
        self.translator = translator
        self.timeStyle = timeStyle
        self.variables = variables
        self.languages = languages
    }

    /// Resolves the locale variables of `environment` against the catalogues in `localeDirectory`.
    /// A language with no catalogue, or none of whose locales is installed, is English; a time
    /// locale that is not installed writes times as `.posix` does.
    ///
    /// `processLanguage` is the `LANGUAGE` of this process's own environment (read by default):
    /// glibc's `dgettext` reads it on every lookup and lets it override the thread's locale, so
    /// when it is set it takes the place of `environment`'s `LANGUAGE` (unless the messages locale
    /// is C, where nothing is looked up). The agent's unit file unsets it for that reason.
    public init(environment: [String: String], localeDirectory: String,
                processLanguage: String? = UserLocale.processLanguage) {
        var variables: [String: String] = [:]
        for name in UserLocale.variableNames { if let value = environment[name], !value.isEmpty { variables[name] = value } }
        let messages = LocaleName(variables["LC_ALL"] ?? variables["LC_MESSAGES"] ?? variables["LANG"] ?? "C")
        let timeName = variables["LC_ALL"] ?? variables["LC_TIME"] ?? variables["LANG"] ?? "C"
        let languageList = processLanguage.flatMap { $0.isEmpty ? nil : $0 } ?? variables["LANGUAGE"]
        let found = UserLocale.resolve(
            messages: messages, languageList: languageList,
            catalogueExists: { Catalogue.exists(language: $0, in: localeDirectory) }, makeLocale: PosixLocale.init(messages:))
        let translator = found.map { Translator(language: $0, locale: $1, directory: localeDirectory) } ?? .english
        self.init(translator: translator, timeStyle: UserLocale.timeStyle(timeName), variables: variables,
                  languages: messages.isC ? [] : UserLocale.languageCodes(languageList ?? messages.text))
    }

    /// The `LANGUAGE` of this process's own environment; nil when unset or empty.
    /// The corresponding C function is `getenv`.
    public static var processLanguage: String? {
        guard let value = getenv("LANGUAGE") else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// The language codes of a `LANGUAGE` list or locale name, in order, each once, up to a C entry:
    /// `de_AT:fr:C:es` → `de`, `fr`.
    static func languageCodes(_ list: String) -> [String] {
        var codes: [String] = []
        for entry in list.split(separator: ":").map({ LocaleName(String($0)) }) {
            if entry.isC { break }
            if !codes.contains(entry.language) { codes.append(entry.language) }
        }
        return codes
    }

    /// The catalogue `languageList` (or `messages` alone) leads to, and a locale whose LC_MESSAGES
    /// leads glibc to that same catalogue; nil for English. An entry whose catalogues exist but no
    /// locale of whose language is installed is passed over like one without a catalogue.
    static func resolve(messages: LocaleName, languageList: String?, catalogueExists: (String) -> Bool,
                        makeLocale: (String) -> PosixLocale?) -> (language: String, locale: PosixLocale)? {
        if messages.isC { return nil }
        let entries = languageList.map { $0.split(separator: ":").map { LocaleName(String($0)) } } ?? [messages]
        for entry in entries {
            if entry.isC { return nil }
            for catalogue in entry.catalogueNames where catalogueExists(catalogue) {
                for name in localeNames(leadingTo: catalogue, session: messages)
                where LocaleName(name).catalogueNames.first(where: catalogueExists) == catalogue {
                    if let locale = makeLocale(name) { return (catalogue, locale) }
                }
            }
            if entry.language == "en" { return nil }
        }
        return nil
    }

    /// Locale names whose LC_MESSAGES may lead glibc to the catalogue `catalogue` (`de`, `pt_BR`), in
    /// order: the session's own when it is of that language, else `ll_CC.UTF-8`, `ll_LL.UTF-8`
    /// (`de_DE`), `ll.UTF-8`. glibc offers no list of installed locales, so these are guesses.
    static func localeNames(leadingTo catalogue: String, session: LocaleName) -> [String] {
        let wanted = LocaleName(catalogue)
        var names: [String] = []
        if session.language == wanted.language, wanted.territory == nil || wanted.territory == session.territory {
            names.append(session.text)
        }
        let modifier = wanted.modifier.map { "@" + $0 } ?? ""
        if let territory = wanted.territory { names.append("\(wanted.language)_\(territory).UTF-8\(modifier)") }
        names.append("\(wanted.language)_\(wanted.language.uppercased()).UTF-8\(modifier)")
        names.append("\(wanted.language).UTF-8\(modifier)")
        return names
    }

    /// The time style of the locale `name`; `.posix` when it is C or not installed. A locale
    /// written in another codeset (`de_DE` in ISO-8859-1) is read in its UTF-8 form.
    static func timeStyle(_ name: String) -> TimeStyle {
        let locale = LocaleName(name)
        if locale.isC { return .posix }
        let utf8 = locale.language + (locale.territory.map { "_" + $0 } ?? "") + ".UTF-8"
        // Names are read as UTF-8, so a locale of another codeset is read in its UTF-8 form.
        for candidate in [name, utf8] {
            guard let posix = PosixLocale(candidate), posix.info(Int(CODESET)) == "UTF-8" else { continue }
            return TimeStyle(posix)
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
