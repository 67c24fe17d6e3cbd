import DBus
import Gettext
@testable import ReveilleCLI
import ReveilleDomain
import ReveilleTime
import Testing

/// `list`, `next` and `show` say a skip and a pause in `SkipPauseNote`'s words, as the agent's tray
/// does (AgentTranslationTests' theTraySaysSkipsAndPausesInTheCLIsWords, on the same facts).
@Suite struct SharedSkipPauseWordingTests {
    @Test func theCLIsNoteIsSkipPauseNotes() {
        let now = Instant(secondsSinceEpoch: 1_799_042_400)  // Mon 2027-01-04 06:00 UTC
        let skipped = now.adding(seconds: 3600), next = now.adding(seconds: 25 * 3600)
        let keys: [String: Value] = [
            "next_fire": .int64(next.secondsSinceEpoch), "snoozed": .bool(false),
            "skipped_occurrence": .int64(skipped.secondsSinceEpoch), "paused_until": .string("2027-01-05"),
        ]
        let shared = SkipPauseNote.message(pausedUntil: CivilDate(year: 2027, month: 1, day: 5), skipped: skipped,
                                           nextFire: next, snoozed: false, now: now, zone: .utc, style: .posix)
        #expect(Output.skipPauseText(keys, at: LocalNow(now: now, zone: .utc, locale: .english)) == shared?.english)
        #expect(shared?.english == "paused, rings again from Tue 5 Jan; skips Mon 07:00")
    }
}
