/// Reading TZif data: the binary zone files of the tz database (RFC 8536, versions 1 to 4).
extension ZoneRules {
    /// Parses a TZif file (version 1, 2, 3 or 4).
    ///
    /// Uses the 64-bit data block and the POSIX TZ footer when the file has them; the footer
    /// governs every instant from the last listed transition on, which serves both "fat" files
    /// (transitions listed to 2037) and "slim" ones (the footer carries all regular changes).
    /// Leap-second ("right/") files are converted to Unix time, which counts no leap seconds.
    /// Malformed or truncated data throws; nothing is read outside `bytes`.
    public init(tzif bytes: [UInt8]) throws(ZoneError) {
        var reader = TZifReader(bytes: bytes)
        let first = try reader.header()
        let block: TZifBlock
        var footer: PosixTZ?
        if first.version == 1 {
            block = try reader.block(first, timeSize: 4)
        } else {
            // Version 2+ readers skip the 32-bit block: the 64-bit one repeats and extends it.
            _ = try reader.take(first.blockLength(timeSize: 4), "the version 1 data block")
            let second = try reader.header()
            block = try reader.block(second, timeSize: 8)
            footer = try reader.footer()
        }
        self.init(
            name: nil, transitionTimes: block.times, transitionTypes: block.typeIndices,
            types: block.types, footer: footer
        )
    }
}

struct TZifHeader {
    var version: Int
    var isUTCCount, isStandardCount, leapCount, timeCount, typeCount, charCount: Int

    func blockLength(timeSize: Int) -> Int {
        timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4)
            + isStandardCount + isUTCCount
    }
}

struct TZifBlock {
    var times: [Int64]
    var typeIndices: [Int]
    var types: [LocalTimeType]
}

struct TZifReader {
    let bytes: [UInt8]
    var position = 0

    /// Throws unless `count` more bytes are there.
    func ensure(_ count: Int, _ what: String) throws(ZoneError) {
        let remaining = bytes.count - position
        guard count <= remaining else {
            throw ZoneError("TZif data is truncated: \(what) needs \(count) bytes at offset \(position), \(remaining) remain")
        }
    }

    mutating func take(_ count: Int, _ what: String) throws(ZoneError) -> ArraySlice<UInt8> {
        try ensure(count, what)
        defer { position += count }
        return bytes[position..<position + count]
    }

    /// A big-endian two's-complement integer of `size` bytes.
    mutating func integer(size: Int, _ what: String) throws(ZoneError) -> Int64 {
        let field = try take(size, what)
        let unsigned = field.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let shift = UInt64(64 - 8 * size)
        return Int64(bitPattern: unsigned << shift) >> shift
    }

    mutating func header() throws(ZoneError) -> TZifHeader {
        guard try take(4, "the header") == [0x54, 0x5A, 0x69, 0x66][...] else {
            throw ZoneError("not a TZif file: it does not start with \"TZif\"")
        }
        let versionByte = UInt8(truncatingIfNeeded: try integer(size: 1, "the header"))
        let versions: [UInt8: Int] = [0: 1, UInt8(ascii: "2"): 2, UInt8(ascii: "3"): 3, UInt8(ascii: "4"): 4]
        guard let version = versions[versionByte] else { throw ZoneError("unsupported TZif version byte \(versionByte)") }
        _ = try take(15, "the header")
        var counts: [Int] = []
        for _ in 0..<6 { counts.append(Int(UInt32(truncatingIfNeeded: try integer(size: 4, "the header")))) }
        return TZifHeader(
            version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
            timeCount: counts[3], typeCount: counts[4], charCount: counts[5]
        )
    }

    mutating func block(_ header: TZifHeader, timeSize: Int) throws(ZoneError) -> TZifBlock {
        guard header.typeCount >= 1, header.charCount >= 1 else { throw ZoneError("TZif data has no local time types") }
        guard [0, header.typeCount].contains(header.isStandardCount), [0, header.typeCount].contains(header.isUTCCount)
        else {
            throw ZoneError("TZif data has inconsistent indicator counts")
        }
        // Check the whole length first, so a huge count in a short file fails fast.
        try ensure(header.blockLength(timeSize: timeSize), "the data block")
        var times: [Int64] = []
        for _ in 0..<header.timeCount {
            let time = try integer(size: timeSize, "a transition time")
            guard times.last.map({ $0 < time }) ?? true else { throw ZoneError("TZif transition times are not ascending") }
            times.append(time)
        }
        let typeIndices = try take(header.timeCount, "the transition types").map(Int.init)
        guard typeIndices.allSatisfy({ $0 < header.typeCount }) else {
            throw ZoneError("TZif transition names a missing local time type")
        }
        var rawTypes: [(offset: Int64, isDaylightSaving: UInt8, abbreviationIndex: Int)] = []
        for _ in 0..<header.typeCount {
            let offset = try integer(size: 4, "a local time type")
            let flags = try take(2, "a local time type")
            rawTypes.append((offset, flags[flags.startIndex], Int(flags[flags.startIndex + 1])))
        }
        let characters = Array(try take(header.charCount, "the abbreviations"))
        var types: [LocalTimeType] = []
        for raw in rawTypes {
            // Offsets within (-25 h, +26 h) are what RFC 8536 allows and what `instant(for:)` relies on.
            guard (-89_999...93_599).contains(raw.offset), raw.isDaylightSaving <= 1 else {
                throw ZoneError("TZif local time type has offset \(raw.offset) or DST flag \(raw.isDaylightSaving) outside the range")
            }
            guard raw.abbreviationIndex < characters.count,
                  let end = characters[raw.abbreviationIndex...].firstIndex(of: 0)
            else { throw ZoneError("TZif abbreviation index \(raw.abbreviationIndex) is out of range") }
            let abbreviation = String(decoding: characters[raw.abbreviationIndex..<end], as: UTF8.self)
            types.append(
                LocalTimeType(offset: Int(raw.offset), isDaylightSaving: raw.isDaylightSaving == 1, abbreviation: abbreviation))
        }
        var leapSeconds: [(occurrence: Int64, correction: Int64)] = []
        for _ in 0..<header.leapCount {
            leapSeconds.append((try integer(size: timeSize, "a leap second"), try integer(size: 4, "a leap second")))
        }
        _ = try take(header.isStandardCount + header.isUTCCount, "the indicators")
        let unixTimes = times.map { time in
            time - (leapSeconds.last(where: { $0.occurrence <= time })?.correction ?? 0)
        }
        return TZifBlock(times: unixTimes, typeIndices: typeIndices, types: types)
    }

    /// The newline-enclosed POSIX TZ string after a version 2+ data block; nil when empty.
    mutating func footer() throws(ZoneError) -> PosixTZ? {
        guard try take(1, "the footer") == [0x0A][...] else { throw ZoneError("TZif footer does not start with a newline") }
        guard let end = bytes[position...].firstIndex(of: 0x0A) else {
            throw ZoneError("TZif footer is not terminated by a newline")
        }
        let text = String(decoding: try take(end - position, "the footer"), as: UTF8.self)
        guard !text.isEmpty else { return nil }
        do {
            return try PosixTZ(parsing: text)
        } catch {
            throw ZoneError("TZif footer: \(error.message)")
        }
    }
}
