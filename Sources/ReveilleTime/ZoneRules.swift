/// The rules of one time zone: which UTC offset is in force at each instant.
///
/// Built from a TZif file's bytes (the system tz database) or a POSIX TZ string.
/// Pure: reading the file is someone else's job (see `SystemTimeZone`).
public struct ZoneRules: Hashable, Sendable {
    /// The zone's name when known (`Europe/Berlin`, or the TZ string it came from); not used in any computation.
    public var name: String?
    /// Instants (seconds since the epoch, ascending) at which `types[transitionTypes[i]]` takes effect.
    var transitionTimes: [Int64]
    var transitionTypes: [Int]
    /// Never empty; `types[0]` is in force before the first transition.
    var types: [LocalTimeType]
    /// Governs every instant from the last transition on (all instants when there is none).
    var footer: PosixTZ?

    public static let utc = ZoneRules(
        name: "UTC", transitionTimes: [], transitionTypes: [],
        types: [LocalTimeType(offset: 0, isDaylightSaving: false, abbreviation: "UTC")], footer: nil
    )

    /// Builds rules from a POSIX TZ string such as `CET-1CEST,M3.5.0,M10.5.0/3` or `<+0330>-3:30`.
    public init(posix: String) throws(ZoneError) {
        let rule = try PosixTZ(parsing: posix)
        self.init(name: posix, transitionTimes: [], transitionTypes: [], types: [rule.standard], footer: rule)
    }

    init(name: String?, transitionTimes: [Int64], transitionTypes: [Int], types: [LocalTimeType], footer: PosixTZ?) {
        self.name = name
        self.transitionTimes = transitionTimes
        self.transitionTypes = transitionTypes
        self.types = types
        self.footer = footer
    }

    /// The UTC offset in force at `instant`, in seconds east of UTC.
    public func offset(at instant: Instant) -> Int {
        type(at: instant.secondsSinceEpoch).offset
    }

    /// The abbreviation shown at `instant`, such as `CEST` or `+0330`.
    public func abbreviation(at instant: Instant) -> String {
        type(at: instant.secondsSinceEpoch).abbreviation
    }

    /// Whether daylight saving time is in force at `instant`.
    public func isDaylightSavingTime(at instant: Instant) -> Bool {
        type(at: instant.secondsSinceEpoch).isDaylightSaving
    }

    /// The local date and time shown by a wall clock in this zone at `instant`.
    public func localDateTime(at instant: Instant) -> LocalDateTime {
        LocalDateTime(secondsSinceLocalEpoch: instant.secondsSinceEpoch + Int64(offset(at: instant)))
    }

    func type(at seconds: Int64) -> LocalTimeType {
        let passed = transitionsPassed(by: seconds)
        if passed == transitionTimes.count, let footer { return footer.type(at: seconds) }
        return passed == 0 ? types[0] : types[transitionTypes[passed - 1]]
    }

    /// How many transitions happen at or before `seconds` (binary search).
    func transitionsPassed(by seconds: Int64) -> Int {
        var low = 0
        var high = transitionTimes.count
        while low < high {
            let middle = (low + high) / 2
            if transitionTimes[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// A change of UTC offset.
public struct ZoneTransition: Hashable, Sendable {
    /// The first instant of the new offset.
    public var instant: Instant
    public var offsetBefore: Int
    public var offsetAfter: Int

    public init(instant: Instant, offsetBefore: Int, offsetAfter: Int) {
        self.instant = instant
        self.offsetBefore = offsetBefore
        self.offsetAfter = offsetAfter
    }
}

extension ZoneRules {
    /// Every change of UTC offset at an instant in `start...end`, in time order.
    ///
    /// Changes of abbreviation or DST flag alone are not listed: they move no wall clock.
    /// The cost grows with the number of years in the range.
    public func transitions(from start: Instant, through end: Instant) -> [ZoneTransition] {
        let low = start.secondsSinceEpoch
        let high = end.secondsSinceEpoch
        guard low <= high else { return [] }
        let firstIndex = low == Int64.min ? 0 : transitionsPassed(by: low - 1)
        var candidates = Array(transitionTimes[firstIndex..<transitionsPassed(by: high)])
        if let footer, footer.daylight != nil {
            let firstYear = CivilDate(daysSinceEpoch: floorDivide(low, 86_400)).year - 1
            let lastYear = CivilDate(daysSinceEpoch: floorDivide(high, 86_400)).year + 1
            let footerStart = transitionTimes.last ?? Int64.min
            candidates += footer.changes(inYears: firstYear...lastYear).map(\.at)
                .filter { $0 > footerStart && $0 >= low && $0 <= high }
        }
        var previous: Int64?
        return candidates.sorted().compactMap { time in
            defer { previous = time }
            guard time > Int64.min, time != previous else { return nil }
            let before = type(at: time - 1).offset
            let after = type(at: time).offset
            return before == after
                ? nil : ZoneTransition(instant: Instant(secondsSinceEpoch: time), offsetBefore: before, offsetAfter: after)
        }
    }

    /// The instant at which a wall clock in this zone shows `local`.
    ///
    /// Reveille's policy for times that are not shown exactly once:
    /// - in a gap (spring forward), the same wall-clock distance after the gap: 02:30 → 03:30;
    /// - when shown twice (fall back), the first time.
    public func instant(for local: LocalDateTime) -> Instant {
        let wall = local.secondsSinceLocalEpoch
        // Parsed offsets stay within ±26 h, so every reading of `wall` lies within two days of it.
        let windowStart = Instant(secondsSinceEpoch: wall - 2 * 86_400)
        let windowEnd = Instant(secondsSinceEpoch: wall + 2 * 86_400)
        let changes = transitions(from: windowStart.adding(seconds: 1), through: windowEnd)

        // The periods of constant offset covering the window, as (first instant, offset).
        let periods = [(windowStart.secondsSinceEpoch, offset(at: windowStart))]
            + changes.map { ($0.instant.secondsSinceEpoch, $0.offsetAfter) }
        for (index, (begin, offset)) in periods.enumerated() {
            let candidate = wall - Int64(offset)
            let end = index + 1 < periods.count ? periods[index + 1].0 : Int64.max
            if candidate >= begin && candidate < end { return Instant(secondsSinceEpoch: candidate) }
        }
        // Shown never: read it with the offset before the gap, which lands as far past the gap's end.
        for change in changes where change.offsetAfter > change.offsetBefore {
            let gapStart = change.instant.secondsSinceEpoch + Int64(change.offsetBefore)
            let gapEnd = change.instant.secondsSinceEpoch + Int64(change.offsetAfter)
            if wall >= gapStart && wall < gapEnd { return Instant(secondsSinceEpoch: wall - Int64(change.offsetBefore)) }
        }
        // Unreachable while offsets stay within the window; a plausible answer beats a trap.
        return Instant(secondsSinceEpoch: wall - Int64(offset(at: Instant(secondsSinceEpoch: wall))))
    }
}

/// Why zone rules could not be built.
public struct ZoneError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
