import Glibc

/// A failed system call: which call, and the `errno` it left.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C function that failed, with enough of its arguments to tell calls apart.
    public let call: String
    /// The `errno` value, e.g. `EPERM`.
    public let code: Int32

    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// `strerror` text, e.g. "Operation not permitted".
    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "\(call) failed: \(reason) (errno \(code))" }
}

/// The one check every call's result goes through: `-1` means failure, and `errno` says why.
@discardableResult
func check<Result: BinaryInteger>(_ call: @autoclosure () -> String, _ result: Result) throws(SystemError) -> Result {
    guard result == -1 else { return result }
    throw SystemError(call: call(), code: errno)
}

/// The same check for the `posix_spawn` family, which return the error number instead of setting `errno`.
func check(_ call: @autoclosure () -> String, returnedCode: Int32) throws(SystemError) {
    guard returnedCode != 0 else { return }
    throw SystemError(call: call(), code: returnedCode)
}

/// Calls `body` again while it fails with `EINTR`: a signal arrived mid-call, nothing went wrong.
func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) -> Result {
    while true {
        let result = body()
        if result != -1 || errno != EINTR { return result }
    }
}
