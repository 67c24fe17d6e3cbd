import Glibc

/// The parts of a sound theme's `index.theme` that lookup needs.
struct ThemeIndex {
    var inherits: [String] = []
    /// Each directory listed in `Directories=`, with its `OutputProfile` (default `stereo`).
    var profiles: [(directory: String, profile: String)] = []

    init(parsing text: String) {
        var section = ""
        var values: [String: [String: String]] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
            } else if let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingSpaces
                values[section, default: [:]][key] = line[line.index(after: equals)...].trimmingSpaces
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
        (value ?? "").split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

/// The whole file as UTF-8 text, or nil if it cannot be read. Theme indexes are tiny: anything
/// but a regular file of at most 64 KiB is refused, so that a FIFO or a link to a device can
/// neither block nor fill the sound thread.
func readTextFile(_ path: String, limit: Int = 1 << 16) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { return nil }
        if count == 0 { break }
        bytes += chunk[0..<count]
        if bytes.count > limit { return nil }
    }
    return String(decoding: bytes, as: UTF8.self)
}

func isReadableFile(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    return access(path, R_OK) == 0
}
