import Glibc

/// The process environment as a dictionary.
enum ProcessEnvironment {
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    var line = text
    line.append("\n")
    fflush(nil)
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// Flushes standard output, so each monitor line reaches a pipe at once.
func fflushStandardOutput() { fflush(nil) }

/// A whole small file as text, or nil when it cannot be read.
func readSmallFile(_ path: String) -> String? {
    guard let file = fopen(path, "re") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count <= 1 << 20 {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
