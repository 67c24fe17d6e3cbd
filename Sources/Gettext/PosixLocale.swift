import CIntl
import Glibc

/// One glibc locale object (`locale_t`), owned: made by `newlocale`, freed by `freelocale` in
/// `deinit`. Used only through `using(_:)`, which makes it the calling thread's locale
/// (`uselocale`) for the length of a call and restores the previous one: the process's global
/// locale (`setlocale`) and environment are never touched.
final class PosixLocale: @unchecked Sendable {
    // Safe to share: after `init` the object is only read (glibc's *_l functions and `uselocale`
    // take it from any thread), and it is freed once, when the last owner lets go.
    private let handle: locale_t
    /// The name it was made from, e.g. `de_DE.UTF-8`.
    let name: String

    /// The locale `name` for every category, or nil when it is not installed.
    /// The corresponding C function is `newlocale`.
    init?(_ name: String) {
        guard let handle = newlocale(cintl_all_mask(), name, nil) else { return nil }
        self.handle = handle
        self.name = name
    }

    /// The locale `name` for LC_MESSAGES only, the other categories "C"; nil when not installed.
    init?(messages name: String) {
        guard let handle = newlocale(cintl_messages_mask(), name, nil) else { return nil }
        self.handle = handle
        self.name = name
    }

    deinit { freelocale(handle) }

    /// `body` with this locale as the calling thread's locale; the previous one is restored after.
    /// The corresponding C function is `uselocale`.
    func using<Result>(_ body: () -> Result) -> Result {
        let previous = uselocale(handle)
        defer { uselocale(previous ?? cintl_global_locale()) }
        return body()
    }

    /// `nl_langinfo_l(item)`: one of the locale's strings (`T_FMT`, `ABDAY_1`, `CODESET`…).
    func info(_ item: Int) -> String {
        guard let text = nl_langinfo_l(nl_item(truncatingIfNeeded: item), handle) else { return "" }
        return String(cString: text)
    }
}
