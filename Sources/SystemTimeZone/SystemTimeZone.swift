import Glibc
import ReveilleTime
import SystemSupport

/// Finds the user's time zone the way the C library does: `$TZ`, else `/etc/localtime`, else UTC.
public enum SystemTimeZone {
    public static let defaultZoneinfoDirectory = "/usr/share/zoneinfo"

    /// The zone in force for a process with `environment`.
    ///
    /// `TZ`, when set, wins (see `load(tz:zoneinfoDirectory:)`); set but empty means UTC, as in glibc.
    /// Without it, `localtimePath` is read, and a missing file means UTC. `TZDIR`, when set and
    /// non-empty, replaces the zoneinfo directory.
    public static func current(
        environment: [String: String], localtimePath: String = "/etc/localtime"
    ) throws(SystemTimeZoneError) -> ZoneRules {
        try read(environment: environment, localtimePath: localtimePath).rules
    }

    /// As `current`, with what the rules were read from, in a form that can be kept and read again.
    public static func read(
        environment: [String: String], localtimePath: String = "/etc/localtime"
    ) throws(SystemTimeZoneError) -> (rules: ZoneRules, source: ZoneSource) {
        let directory = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultZoneinfoDirectory
        if let tz = environment["TZ"] {
            return try read(tz: tz, zoneinfoDirectory: directory)
        }
        let bytes: [UInt8]
        do {
            bytes = try readSmallFile(localtimePath)
        } catch where error.fileIsMissing {
            return (.utc, .utc)
        } catch {
            throw SystemTimeZoneError("cannot read \(localtimePath): \(readProblem(error))")
        }
        let source = ZoneSource.tzif(bytes, name: symbolicLinkTarget(localtimePath).flatMap(zoneName(inPath:)))
        do {
            return (try source.rules(), source)
        } catch {
            throw SystemTimeZoneError("\(localtimePath) is not a valid time zone file: \(error.message)")
        }
    }

    /// The zone a `TZ` value names.
    ///
    /// A leading `:` is dropped. An absolute path is read as a TZif file. Otherwise the value is
    /// looked up as a zone name in `zoneinfoDirectory` (names with `..` components are refused)
    /// and, failing that, parsed as a POSIX TZ string such as `CET-1CEST,M3.5.0,M10.5.0/3`.
    /// An empty value means UTC.
    public static func load(
        tz: String, zoneinfoDirectory: String = defaultZoneinfoDirectory
    ) throws(SystemTimeZoneError) -> ZoneRules {
        try read(tz: tz, zoneinfoDirectory: zoneinfoDirectory).rules
    }

    /// As `load(tz:zoneinfoDirectory:)`, with what the rules were read from.
    public static func read(
        tz: String, zoneinfoDirectory: String = defaultZoneinfoDirectory
    ) throws(SystemTimeZoneError) -> (rules: ZoneRules, source: ZoneSource) {
        let value = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        if value.isEmpty { return (.utc, .utc) }
        if value.hasPrefix("/") {
            do {
                let source = ZoneSource.tzif(try readSmallFile(value), name: zoneName(inPath: value) ?? value)
                return (try source.rules(), source)
            } catch let error as SystemError {
                throw SystemTimeZoneError("TZ=\"\(tz)\": cannot read \(value): \(readProblem(error))")
            } catch let error as ZoneError {
                throw SystemTimeZoneError("TZ=\"\(tz)\": \(value) is not a valid time zone file: \(error.message)")
            } catch {
                throw SystemTimeZoneError("TZ=\"\(tz)\": \(error)")
            }
        }
        guard !value.split(separator: "/").contains("..") else {
            throw SystemTimeZoneError("TZ=\"\(tz)\": a zone name may not contain \"..\"")
        }
        let path = zoneinfoDirectory + "/" + value
        let fileProblem: String
        do {
            let source = ZoneSource.tzif(try readSmallFile(path), name: value)
            return (try source.rules(), source)
        } catch let error as SystemError {
            fileProblem = readProblem(error)
        } catch let error as ZoneError {
            fileProblem = "not a valid time zone file: \(error.message)"
        } catch {
            fileProblem = "\(error)"
        }
        do {
            return (try ZoneRules(posix: value), .posix(value))
        } catch {
            throw SystemTimeZoneError(
                "TZ=\"\(tz)\" is neither a zone in \(zoneinfoDirectory) (\(path): \(fileProblem))"
                    + " nor a POSIX TZ string (\(error.message))"
            )
        }
    }

    /// `Europe/Berlin` for `/usr/share/zoneinfo/Europe/Berlin` or `../usr/share/zoneinfo/Europe/Berlin`.
    static func zoneName(inPath path: String) -> String? {
        let marker = Array("zoneinfo/".utf8)
        let bytes = Array(path.utf8)
        // The last "zoneinfo/", searched by hand: the agent links no regex or string-search module.
        for start in stride(from: bytes.count - marker.count, through: 0, by: -1)
        where bytes[start..<start + marker.count].elementsEqual(marker) {
            let name = bytes[(start + marker.count)...]
            return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
        }
        return nil
    }
}

/// What a zone's rules were read from, in a form that can be kept (the agent keeps the last good
/// zone in its database) and read again: a TZif file's bytes with the zone's name, or a POSIX TZ string.
public enum ZoneSource: Hashable, Sendable {
    case utc
    case tzif([UInt8], name: String?)
    case posix(String)

    /// The rules this source holds.
    public func rules() throws(ZoneError) -> ZoneRules {
        switch self {
        case .utc:
            return .utc
        case .tzif(let bytes, let name):
            var rules = try ZoneRules(tzif: bytes)
            rules.name = name
            return rules
        case .posix(let text):
            return try ZoneRules(posix: text)
        }
    }
}

/// Why the system time zone could not be loaded, in words for the user.
public struct SystemTimeZoneError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Why a tz file could not be used, in the words these messages have always used.
private func readProblem(_ error: SystemError) -> String {
    switch error.code {
    case EINVAL: "not a regular file"
    case EFBIG: "larger than \(1 << 20) bytes"
    default: error.reason
    }
}
