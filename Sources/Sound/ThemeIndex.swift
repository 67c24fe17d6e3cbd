import ReveilleTime

/// The parts of a sound theme's `index.theme` that lookup needs.
struct ThemeIndex {
    var inherits: [String] = []
    /// Each directory listed in `Directories=`, with its `OutputProfile` (default `stereo`).
    var profiles: [(directory: String, profile: String)] = []

    init(parsing text: String) {
        var section = ""
        var values: [String: [String: String]] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingBlanks()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
            } else if let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingBlanks()
                values[section, default: [:]][key] = line[line.index(after: equals)...].trimmingBlanks()
            }
        }
        let theme = values["Sound Theme"] ?? [:]
        inherits = Self.list(theme["Inherits"])
        profiles = Self.list(theme["Directories"]).map { ($0, values[$0]?["OutputProfile"] ?? "stereo") }
    }

    /// The directories for `profile`, or nil when the index lists none (then the profile's own name is used).
    func directories(for profile: String) -> [String]? {
        let matching = profiles.filter { $0.profile == profile }.map(\.directory)
        return matching.isEmpty ? nil : matching
    }

    private static func list(_ value: String?) -> [String] {
        (value ?? "").split(separator: ",").map { String($0.trimmingBlanks()) }.filter { !$0.isEmpty }
    }
}
