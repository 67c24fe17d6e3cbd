import Glibc

/// A failed system call: which call, on which file if any, and the `errno` it left.
/// Every wrapper of a C library that sets `errno` reports through this one type.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C function that failed, with enough of its arguments to tell calls apart.
    public let call: String
    /// The file the call worked on, when the message should name it the way the shell does ("open /x: ...").
    public let path: String?
    /// The `errno` value, e.g. `EPERM`.
    public let code: Int32

    public init(call: String, path: String? = nil, code: Int32) {
        self.call = call
        self.path = path
        self.code = code
    }

    /// `strerror` text, e.g. "Operation not permitted".
    public var reason: String { String(cString: strerror(code)) }

    /// The file or a directory on its path does not exist: for optional files, not a failure.
    public var fileIsMissing: Bool { code == ENOENT || code == ENOTDIR }

    public var description: String {
        if let path { return "\(call) \(path): \(reason)" }
        // "Inappropriate ioctl for device" says nothing to someone who ran a command without a terminal.
        if code == ENOTTY { return "\(call): not a terminal" }
        return "\(call) failed: \(reason) (errno \(code))"
    }
}

/// The one check every call's result goes through: `-1` means failure, and `errno` says why.
@discardableResult
public func check<Result: BinaryInteger>(_ call: @autoclosure () -> String, _ result: Result) throws(SystemError) -> Result {
    guard result == -1 else { return result }
    throw SystemError(call: call(), code: errno)
}

/// The same check for the `posix_spawn` family, which return the error number instead of setting `errno`.
public func check(_ call: @autoclosure () -> String, returnedCode: Int32) throws(SystemError) {
    guard returnedCode != 0 else { return }
    throw SystemError(call: call(), code: returnedCode)
}

/// Calls `body` again while it fails with `EINTR`: a signal arrived mid-call, nothing went wrong.
public func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) -> Result {
    while true {
        let result = body()
        if result != -1 || errno != EINTR { return result }
    }
}
