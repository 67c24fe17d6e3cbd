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
