import ArgumentParser
@testable import ReveilleCLI
import ReveilleModel
import ReveilleDomain
import ReveilleTestSupport
import Testing

/// The CLI's parsers fed adversarial arguments: each command line parses, or is refused as usage, and never traps.
///
/// About fifteen hundred command lines only: ArgumentParser takes milliseconds per line in a debug build, and the
/// parsers behind the options (`AlarmText`) get their hundred thousand inputs in `DecoderFuzzTests`.
@Suite struct ArgumentFuzzTests {
    static let options: [(String, [String])] = [
        ("--label", ["Work", ""]), ("--repeat", ["weekdays", "mon,wed", "none", "daily"]), ("--date", ["2027-01-01", "2028-02-29"]),
        ("--sound", ["alarm-clock-elapsed", "/tmp/bell.oga"]), ("--volume", ["0.5", "1", "nan", "1e309"]),
        ("--snooze-minutes", ["9", "60", "-1"]), ("--max-snoozes", ["3", "unlimited", "-1", "99999999999999999999"]),
        ("--challenge", ["math:easy", "qr:KITCHEN-42", "qr:*", "typing:6"]),
    ]

    struct Arguments {
        var text: AdversarialText

        mutating func options(_ extra: [(String, [String])] = []) -> [String] {
            let all = ArgumentFuzzTests.options + extra
            var out: [String] = []
            for _ in 0..<Int.random(in: 0...4, using: &text.random) {
                let (name, samples) = all[Int.random(in: 0..<all.count, using: &text.random)]
                out += [Int.random(in: 0..<8, using: &text.random) == 0 ? text.text(near: [name]) : name, value(samples)]
            }
            return out
        }

        mutating func value(_ samples: [String]) -> String {
            Int.random(in: 0..<150, using: &text.random) == 0 ? text.huge() : text.text(near: samples)
        }
    }

    @Test func addAndEditArgumentsParseOrAreUsageErrors() {
        var args = Arguments(text: AdversarialText(seed: 21))
        let times = ["07:00", "23:59:59", "7:00"]
        for round in 0..<400 {
            let add = [args.value(times)] + args.options() + (round % 5 == 0 ? ["--disabled"] : [])
            if let command = try? Add.parse(add) {
                do {
                    let time = try command.changes().time
                    #expect(time.map { (try? AlarmText.parseTime($0.description)) == $0 } ?? false)
                } catch { #expect(error.status == .usage) }
            }
            let edit = [args.value(["3f2a", "12345678-1234-4234-8234-123456789abc"])] + args.options([("--time", times)])
            if let command = try? Edit.parse(edit) {
                do { _ = try command.changes() } catch { #expect(error.status == .usage) }
            }
        }
    }

    @Test func previewArgumentsParseOrAreUsageErrors() {
        var args = Arguments(text: AdversarialText(seed: 22))
        let options: [(String, [String])] = [
            ("--repeat", ["weekdays", "mon,fri"]), ("--date", ["2027-01-01"]), ("--count", ["5", "1000", "0"]),
            ("--from", ["2027-03-27T12:00:00Z", "2027-03-27T12:00:00+01:00"]),
        ]
        for _ in 0..<600 {
            var line = [args.value(["07:00", "06:30:15"])]
            for _ in 0..<Int.random(in: 0...3, using: &args.text.random) {
                let (name, samples) = options[Int.random(in: 0..<options.count, using: &args.text.random)]
                line += [name, args.value(samples)]
            }
            guard let command = try? Preview.parse(line) else { continue }
            do {
                let request = try command.request()
                #expect((1...1000).contains(request.count))
            } catch {
                #expect(error.status == .usage)
            }
        }
    }
}
