import SystemSupport

/// Finds a sound file by name, as the freedesktop sound theme specification describes.
///
/// Two simplifications: only the `stereo` output profile is searched (an alarm needs no
/// surround variant) and locale subdirectories are not, since alarm sounds carry no speech.
/// The most specific name wins across all themes: `alarm-clock-elapsed` from an inherited
/// theme beats `alarm-clock` from the user's own theme.
public enum SoundTheme {
    /// The extensions tried, in order of preference.
    static let extensions = ["oga", "ogg", "wav", "flac"]
    static let outputProfile = "stereo"

    /// The file for the sound `name`, searched in `themes` (and the themes they inherit from),
    /// then in the `freedesktop` theme, then loose in each `sounds` directory; nil if none exists.
    ///
    /// `dataDirectories` are XDG data directories (such as `/usr/share`), most important first;
    /// the `sounds` directory below each is searched.
    public static func resolve(
        name: String,
        themes: [String] = ["freedesktop"],
        dataDirectories: [String]
    ) -> String? {
        let soundDirectories = dataDirectories.map { $0 + "/sounds" }
        let themeDirectories = themeSearchOrder(themes + ["freedesktop"], in: soundDirectories)
            .flatMap { theme in profileDirectories(of: theme, in: soundDirectories) }
        for candidate in dashFallbacks(of: name) {
            for directory in themeDirectories + soundDirectories {
                if let file = existingFile(named: candidate, in: directory) { return file }
            }
        }
        return nil
    }

    /// `sound` as given if it is an absolute path to a readable file; otherwise the theme sound
    /// of that name, looked up in the XDG data directories that `environment` names.
    public static func resolve(
        sound: String,
        themes: [String] = ["freedesktop"],
        environment: [String: String]
    ) -> String? {
        if sound.hasPrefix("/") {
            return isReadableFile(sound) ? sound : nil
        }
        return resolve(name: sound, themes: themes, dataDirectories: dataDirectories(environment: environment))
    }

    /// `$XDG_DATA_HOME` (default `~/.local/share`) then `$XDG_DATA_DIRS` (default
    /// `/usr/local/share:/usr/share`), as the XDG base directory specification orders them.
    public static func dataDirectories(environment: [String: String]) -> [String] {
        var directories: [String] = []
        if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {
            directories.append(home)
        } else if let home = environment["HOME"], !home.isEmpty {
            directories.append(home + "/.local/share")
        }
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        directories += system.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return directories
    }

    /// "alarm-clock-elapsed" → ["alarm-clock-elapsed", "alarm-clock", "alarm"].
    static func dashFallbacks(of name: String) -> [String] {
        var names = [name]
        var current = Substring(name)
        while let dash = current.lastIndex(of: "-") {
            current = current[..<dash]
            if !current.isEmpty { names.append(String(current)) }
        }
        return names
    }

    /// Each theme followed by the themes it inherits from, depth first, each theme once.
    static func themeSearchOrder(_ themes: [String], in soundDirectories: [String]) -> [String] {
        var order: [String] = []
        func visit(_ theme: String) {
            guard !theme.isEmpty, !theme.contains("/"), !order.contains(theme) else { return }
            order.append(theme)
            index(of: theme, in: soundDirectories)?.inherits.forEach(visit)
        }
        themes.forEach(visit)
        return order
    }

    /// The theme's directories for the stereo profile in every sounds directory that has the theme.
    static func profileDirectories(of theme: String, in soundDirectories: [String]) -> [String] {
        let subdirectories = index(of: theme, in: soundDirectories)?.directories(for: outputProfile)
            ?? [outputProfile]
        return soundDirectories.flatMap { base in subdirectories.map { "\(base)/\(theme)/\($0)" } }
    }

    /// The first `index.theme` of `theme` in the search path decides, as for icon themes.
    static func index(of theme: String, in soundDirectories: [String]) -> ThemeIndex? {
        for base in soundDirectories {
            if let text = (try? readSmallTextFile("\(base)/\(theme)/index.theme", limit: 1 << 16)) ?? nil { return ThemeIndex(parsing: text) }
        }
        return nil
    }

    static func existingFile(named name: String, in directory: String) -> String? {
        extensions.lazy.map { "\(directory)/\(name).\($0)" }.first(where: isReadableFile)
    }
}
