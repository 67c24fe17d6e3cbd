import DBus
import ReveilleAPI
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// Every decoder of outside input, fed random and adversarial text: each input decodes or throws the
/// decoder's typed error, and whatever decodes was written in ASCII digits. A trap ends the test process.
@Suite struct DecoderFuzzTests {
    static let times = ["07:00", "23:59:59", "00:00", "7:00", "24:00"]
    static let dates = ["2027-01-01", "2028-02-29", "1111-01-01", "2027-13-01"]
    static let days = ["mon", "tue", "sun", "weekdays", "weekends", "daily", "mon,wed,fri", " Mon , tue "]
    static let challenges = ["math:easy", "math:hard", "qr:KITCHEN-42", "qr:*", "typing:6", "typing:20", "typing:1"]
    static let durations = ["30s", "5min", "1h 30min", "0", "999999999h", "10 h"]
    static let answers = ["42", "-17", "+3", " 12 ", "−5", "999999999999999999"]
    static let instants = ["2027-03-27T12:00:00Z", "2027-03-27T12:00:00.5+01:00", "2027-03-27 12:00:00-05:30"]

    static func onlyASCII(_ text: String, _ allowed: String) -> Bool {
        text.utf8.allSatisfy { Array(allowed.utf8).contains($0) }
    }

    @Test func alarmTextParsersAcceptOnlyASCIIDigitsAndNeverTrap() {
        var gen = AdversarialText(seed: 9)
        for round in 0..<12_000 {
            let time = round % 1_000 == 0 ? gen.huge() : gen.text(near: Self.times)
            if let parsed = try? AlarmText.parseTime(time) {
                #expect(Self.onlyASCII(time, "0123456789:"), "\(Array(time.unicodeScalars))")
                #expect((try? AlarmText.parseTime(parsed.description)) == parsed)
            }
            let date = round % 1_000 == 1 ? gen.huge() : gen.text(near: Self.dates)
            if (try? AlarmText.parseDate(date)) != nil {
                #expect(Self.onlyASCII(date, "0123456789-") && date.utf8.count == 10, "\(Array(date.unicodeScalars))")
            }
            _ = try? AlarmText.parseRepeatList(gen.text(near: Self.days))
            _ = try? AlarmText.parseRepeat((0..<(round % 4)).map { _ in gen.text(near: Self.days) })
            let challenge = round % 1_000 == 2 ? gen.huge() : gen.text(near: Self.challenges)
            switch try? AlarmText.parseChallenge(challenge) {
            case .typing?: #expect(Self.onlyASCII(challenge, "typing:0123456789"))
            case .qr(let code)?: #expect(Challenge.qrCodeLengthRange.contains(code.count))
            default: break
            }
        }
    }

    @Test func answersDurationsAndTimestampsNeverTrap() {
        var gen = AdversarialText(seed: 10)
        for round in 0..<8_000 {
            let answer = round % 2_000 == 0 ? gen.huge() : gen.text(near: Self.answers)
            if ParseMathAnswer().execute(answer) != nil {
                #expect(Self.onlyASCII(String(answer.filter { $0 != "−" }), "0123456789+- \t"))
            }
            let duration = gen.text(near: Self.durations)
            if let seconds = parseDuration(duration) {
                #expect(seconds >= 0 && Self.onlyASCII(duration, "0123456789 sechourmintedwkay"))
            }
            _ = parseRFC3339(gen.text(near: Self.instants))
            _ = AlarmID(gen.text(near: ["12345678-1234-4234-8234-123456789abc"]))
        }
    }

    @Test func configFilesOfAnyTextParseOrNameTheirLine() {
        var gen = AdversarialText(seed: 11)
        let keys = ["label", "sound", "volume", "snooze_minutes", "max_snoozes", "challenges", "terminal", "fade_in",
                    "late_grace", "nudge_after", "keep_awake", "lockout_failures", "lockout_cooldown", "math_time_limit",
                    "force_audible", "wake_from_suspend"]
        let values = Self.times + Self.durations + Self.challenges + ["0.5", "1", "-1", "unlimited", "true", "off", "xterm -e"]
        for round in 0..<8_000 {
            var lines: [String] = []
            for _ in 0..<(1 + round % 6) {
                switch Int.random(in: 0..<5, using: &gen.random) {
                case 0: lines.append(gen.text(near: ["[defaults]", "[agent]", "# comment", "; comment"]))
                case 1: lines.append(gen.text(near: keys) + gen.text(near: ["=", " = "]) + gen.text(near: values))
                default:
                    let key = keys[Int.random(in: 0..<keys.count, using: &gen.random)]
                    lines.append(key + " = " + gen.text(near: values))
                }
            }
            if round % 2_000 == 0 { lines.append("label = " + gen.huge()) }
            let text = ((round % 3 == 0 ? ["[defaults]"] : ["[agent]"]) + lines).joined(separator: round % 5 == 0 ? "\r\n" : "\n")
            do { _ = try AgentConfig.parse(text, file: "fuzz.conf") } catch {
                #expect((1...text.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1).contains(error.location.line))
            }
        }
    }

    @Test func alarmDictionariesDecodeOrAreInvalidArguments() {
        var fuzz = ValueFuzz(text: AdversarialText(seed: 12))
        var random = AgentRandom.seeded(13)
        let probe = Alarm(id: .probe, time: WallTime(hour: 7, minute: 0)!)
        for round in 0..<24_000 {
            var dictionary: [String: Value] = [:]
            for _ in 0..<(1 + round % 4) {
                let key = fuzz.key()
                dictionary[key] = fuzz.value(for: key, huge: round % 3_000 == 0, deep: round % 500 == 0)
            }
            do {
                let changes = try AlarmCodec.decodeChanges(dictionary)
                if let time = changes.time, case .string(let text)? = dictionary["time"]?.unwrapped {
                    #expect(Self.onlyASCII(text, "0123456789:") && (try? AlarmText.parseTime(text)) == time)
                }
                _ = try changes.apply(to: probe, using: &random)
            } catch {
                guard case .invalidArgument = error else {
                    Issue.record("\(error) is not an invalid argument")
                    continue
                }
            }
        }
    }
}

/// D-Bus values for an alarm's keys: the right type with adversarial contents, wrong types, and variants
/// nested hundreds deep.
struct ValueFuzz {
    var text: AdversarialText

    static let samples: [String: [String]] = [
        "time": DecoderFuzzTests.times, "date": DecoderFuzzTests.dates, "repeat": DecoderFuzzTests.days,
        "challenges": DecoderFuzzTests.challenges, "label": ["Work", ""], "sound": ["alarm-clock-elapsed", "/tmp/bell.oga"],
    ]

    mutating func key() -> String {
        let keys = AlarmCodec.writableKeys.sorted() + AlarmCodec.readOnlyKeys.sorted()
        return Int.random(in: 0..<10, using: &text.random) == 0
            ? text.text(near: keys) : keys[Int.random(in: 0..<keys.count, using: &text.random)]
    }

    mutating func value(for key: String, huge: Bool, deep: Bool) -> Value {
        let string = huge ? text.huge() : text.text(near: Self.samples[key] ?? ["7"])
        var value: Value = switch Int.random(in: 0..<10, using: &text.random) {
        case 0..<5 where key == "repeat" || key == "challenges":
            .array("s", (0..<Int.random(in: 0...4, using: &text.random)).map { _ in .string(text.text(near: Self.samples[key] ?? [])) })
        case 0..<5: .string(string)
        case 5: .array("s", [.string(string)])
        case 6: [.int32(7), .uint64(.max), .int64(.min), .byte(255), .bool(true), .double(.nan), .double(-.infinity),
                 .double(0.5)][Int.random(in: 0..<8, using: &text.random)]
        case 7: .objectPath(string)
        case 8: .structure([.string(string), .variant(.int16(-1))])
        default: .dictionary(key: "s", value: "v", [DictEntry(.string(string), .variant(.string(string)))])
        }
        let depth = deep ? Int.random(in: 100...1_000, using: &text.random) : Int.random(in: 0...2, using: &text.random)
        for _ in 0..<depth { value = .variant(value) }
        return value
    }
}
