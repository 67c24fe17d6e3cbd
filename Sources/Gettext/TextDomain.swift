import CIntl
import Glibc
import ReveilleText

/// Reveille's text domain, `reveille`, and the directory its catalogues are read from
/// (`DIR/LL/LC_MESSAGES/reveille.mo`). glibc keeps one binding per domain for the whole process,
/// so each lookup binds its translator's directory and looks up under one lock: two translators
/// of two directories (as tests make) never read each other's catalogues.
enum TextDomain {
    static let name = "reveille"
    private static let lock = BindingLock()

    /// Binds the domain to `directory` unless it is bound there already, with translations handed
    /// out in UTF-8 whatever the locale's codeset. Called with the lock held.
    /// The corresponding C functions are `bindtextdomain` and `bind_textdomain_codeset`.
    private static func bind(_ directory: String, _ bound: inout String?) {
        guard bound != directory else { return }
        bindtextdomain(name, directory)
        bind_textdomain_codeset(name, "UTF-8")
        bound = directory
    }

    /// The translation of `message`'s template for its count in the calling thread's locale, or
    /// nil when the catalogue has none. A context is looked up as `msgctxt\u{4}msgid`, as
    /// gettext's `pgettext` macro does (glibc has no function for it).
    /// The corresponding C functions are `dgettext` and `dngettext`.
    static func lookup(_ message: Message, in directory: String) -> String? {
        lock.withLock { bound in
            bind(directory, &bound)
            return find(message)
        }
    }

    private static func find(_ message: Message) -> String? {
        let key = message.context.map { $0 + "\u{4}" + message.template } ?? message.template
        // Untranslated, glibc hands back the very pointer it was given: the C strings must outlive
        // the copy of the result, so they are made here rather than for the call alone.
        return key.withCString { keyText in
            if let plural = message.pluralTemplate, let count = message.count {
                return plural.withCString { pluralText in
                    let found = dngettext(name, keyText, pluralText, UInt(count.magnitude))
                    guard let found, found != keyText, found != pluralText else { return nil }
                    return String(cString: found)
                }
            }
            guard let found = dgettext(name, keyText), found != keyText else { return nil }
            return String(cString: found)
        }
    }
}

/// The binding's lock: a lookup must find the domain bound where its translator's catalogues are.
private final class BindingLock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var bound: String?

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func withLock<Result>(_ body: (inout String?) -> Result) -> Result {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body(&bound)
    }
}
