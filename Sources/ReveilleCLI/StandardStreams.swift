import Glibc

/// Writes a line to standard error.
func printError(_ text: String) {
    var line = text
    line.append("\n")
    fflush(nil)
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// Flushes standard output, so each monitor line reaches a pipe at once.
func fflushStandardOutput() { fflush(nil) }
