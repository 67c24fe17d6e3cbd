/// Formats `instant` as RFC 3339 local time with a numeric offset: `2027-03-28T03:30:00+02:00`.
///
/// UTC is written `+00:00`, never `Z`. RFC 3339 offsets have no seconds, so an offset such as
/// local mean time's +00:53:28 is rounded to the nearest minute (+00:53) and the wall time is
/// shown for that rounded offset: the text always names exactly `instant`.
public func rfc3339(_ instant: Instant, in zone: ZoneRules) -> String {
    let exact = zone.offset(at: instant)
    let minutes = (exact.magnitude + 30) / 60
    let offset = (exact < 0 ? -1 : 1) * Int(minutes) * 60
    let local = LocalDateTime(secondsSinceLocalEpoch: instant.secondsSinceEpoch + Int64(offset))
    return "\(local)\(exact < 0 && minutes > 0 ? "-" : "+")\(pad(Int(minutes) / 60, 2)):\(pad(Int(minutes) % 60, 2))"
}

/// Parses an RFC 3339 timestamp: `2027-03-28T03:30:00+02:00`, `2027-03-28 01:30:00.250Z`.
///
/// Accepts `T`, `t` or a space between date and time, `Z`, `z` or `±HH:MM` as the offset, and
/// fractional seconds, which are dropped. A leap second (`:60`) is read as the next second.
/// Returns nil for anything else, including dates that do not exist.
public func parseRFC3339(_ text: String) -> Instant? {
    var scanner = ASCIIScanner(text)
    func field(_ digits: Int, then separator: Character?) -> Int? {
        guard let value = scanner.number(minDigits: digits, maxDigits: digits) else { return nil }
        if let separator, !scanner.consume(separator) { return nil }
        return value
    }
    guard let year = field(4, then: "-"), let month = field(2, then: "-"), let day = field(2, then: nil),
          scanner.consume("T") || scanner.consume("t") || scanner.consume(" "),
          let hour = field(2, then: ":"), let minute = field(2, then: ":"), let second = field(2, then: nil),
          let date = CivilDate(year: year, month: month, day: day),
          hour < 24, minute < 60, second <= 60
    else { return nil }
    if scanner.consume("."), scanner.skipDigits() == 0 { return nil }
    let offset: Int
    if scanner.consume("Z") || scanner.consume("z") {
        offset = 0
    } else {
        let sign = scanner.consume("+") ? 1 : (scanner.consume("-") ? -1 : 0)
        guard sign != 0, let hours = field(2, then: ":"), let minutes = field(2, then: nil), hours < 24, minutes < 60
        else { return nil }
        offset = sign * (hours * 3600 + minutes * 60)
    }
    guard scanner.isAtEnd else { return nil }
    let local = date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return Instant(secondsSinceEpoch: local - Int64(offset))
}
