import Gettext
import ReveilleText
import ReveilleTime
import Testing
@testable import ReveilleCLI

/// The captcha screen in another language, and the render check of issue 24: every captcha screen,
/// in English and in every language po/LINGUAS ships, at 80×24 and 160×50, says each of its texts
/// whole on one line, and no line is wider than the terminal. A language added to po/LINGUAS is
/// checked from then on; one whose translations do not fit fails here, naming the language, the
/// size, the screen and the text.
///
/// Needs msgfmt (package gettext) and the locale of each shipped language (`de_DE.UTF-8`…).
/// glibc reads the process's own LANGUAGE on every lookup, so these run only without it; and it
/// binds one catalogue directory for the whole process, so they run one at a time.
@Suite(.serialized, .enabled(if: UserLocale.processLanguage == nil, "LANGUAGE is set in the test's environment"))
struct CaptchaTranslationTests {
    static let sizes = [(width: 80, height: 24), (width: 160, height: 50)]

    @Test func everyScreenFitsInEnglish() {
        // C writes times as before; en_US has no catalogue, so English texts with a 12-hour clock.
        for locale in [UserLocale.english, UserLocale(environment: ["LANG": "en_US.UTF-8"],
                                                      localeDirectory: CaptchaCatalogues.shipped, processLanguage: nil)] {
            #expect(locale.language == "en")
            let cuts = Self.cuts(locale), fits = cuts.isEmpty
            #expect(fits, "\(cuts.count) cut:\n\(cuts.prefix(20).joined(separator: "\n"))")
        }
    }

    @Test(arguments: CaptchaCatalogues.shippedLanguages)
    func everyScreenFitsInEachShippedLanguage(_ language: String) {
        let locale = CaptchaCatalogues.locale(language, in: CaptchaCatalogues.shipped)
        #expect(locale.language == language, "no catalogue or no installed locale for \(language)")
        let cuts = Self.cuts(locale), fits = cuts.isEmpty
        #expect(fits, "\(cuts.count) cut:\n\(cuts.prefix(20).joined(separator: "\n"))")
    }

    @Test func theCheckFindsATranslationTooLongForTheScreen() {
        let locale = CaptchaCatalogues.locale("en_US", in: CaptchaCatalogues.fixtures)
        #expect(locale.language == "en_US")
        let cuts = Self.cuts(locale)
        let tooLongFor80 = CaptchaCatalogues.tooLongFor80, tooLongFor160 = CaptchaCatalogues.tooLongFor160
        #expect(cuts.contains { $0.hasPrefix("en_US 80×24 ") && $0.hasSuffix("cut: \(tooLongFor80)") })
        #expect(!cuts.contains { $0.hasPrefix("en_US 160×50 ") && $0.hasSuffix("cut: \(tooLongFor80)") })
        #expect(cuts.contains { $0.hasPrefix("en_US 160×50 ") && $0.hasSuffix("cut: \(tooLongFor160)") })
        // Neither form of the key help fits 80 columns; the long one fits 160.
        #expect(cuts.contains { $0.hasPrefix("en_US 80×24 ") && $0.contains("key help cut") })
        #expect(!cuts.contains { $0.hasPrefix("en_US 160×50 ") && $0.contains("key help cut") })
        // Texts the catalogue leaves in English still fit.
        #expect(!cuts.contains { $0.hasSuffix("cut: Wrong — here is a new problem") })
    }

    @Test func theScreenSpeaksTheLanguageOfItsCatalogue() {
        let de = CaptchaCatalogues.locale("de", in: CaptchaCatalogues.fixtures)
        var state = CaptchaState(label: "Arbeit", now: 999_970, width: 80, height: 24)
        state.apply(.challenge(CaptchaChallenge(index: 0, total: 3, kind: .math, prompt: "7 × 12 − 45 = ?",
                                                deadline: 1_000_042, attempts: 2)))
        state.apply(.tick(now: 1_000_000))
        state.input = "39"
        state.status = .wrong
        #expect(CaptchaScreen.render(state, look: .plain, translator: de.translator).lines == blank(6) + [
            "                   Reveille — lösen, um den Wecker zu stoppen",
            "                                     Arbeit",
            "",
            "                                Aufgabe 1 von 3",
            "",
            "                                7 × 12 − 45 = ?",
            "",
            "           ##################------------ noch 42 s · 2 Fehlversuche",
            "",
            "                    Antwort: 39",
            "                      Falsch — hier ist eine neue Aufgabe",
        ] + blank(6) + [
            "          Eingabe sendet · Strg-C verlässt; der Wecker klingelt weiter",
        ])
        // The singular; a text the catalogue lacks is English; the snooze's time as de_DE writes it.
        state.challenge?.attempts = 1
        #expect(CaptchaScreen.render(state, look: .plain, translator: de.translator).lines[13].hasSuffix("noch 42 s · 1 Fehlversuch"))
        state.status = .checking
        #expect(CaptchaScreen.statusText(state, translator: de.translator) == "Checking…")
        state.apply(.alarmSnoozed(until: de.timeStyle.time(WallTime(hour: 12, minute: 45, second: 0)!)))
        #expect(CaptchaScreen.statusText(state, translator: de.translator)
            == "Schlummern bis 12:45 — Beenden öffnet dann eine neue Aufgabe")
    }

    private func blank(_ count: Int) -> [String] { Array(repeating: "", count: count) }

    /// What is cut on any screen in `locale`'s language at any size and look: one line per text
    /// missing whole, per line too wide, per frame of the wrong height.
    static func cuts(_ locale: UserLocale) -> [String] {
        var found: [String] = []
        for (width, height) in sizes {
            for look in [CaptchaLook.color, .plain] {
                for (name, screen) in screens(locale.timeStyle) {
                    var state = screen
                    state.width = width
                    state.height = height
                    let place = "\(locale.language) \(width)×\(height) \(look) \(name)"
                    found += cuts(CaptchaScreen.render(state, look: look, translator: locale.translator), of: state,
                                  translator: locale.translator).map { "\(place): \($0)" }
                }
            }
        }
        return found
    }

    /// What is cut on `frame`, the screen of `state`: each of the screen's own texts must be on a
    /// line whole, the prompt whole across its lines (wrapped only at spaces), the key help whole in
    /// its long or its short form; every line at most as wide as the terminal.
    static func cuts(_ frame: CaptchaFrame, of state: CaptchaState, translator: Translator) -> [String] {
        var found: [String] = []
        if frame.lines.count != state.height { found.append("\(frame.lines.count) lines, not \(state.height)") }
        for line in frame.lines where DisplayWidth.of(line) > state.width {
            found.append("line of \(DisplayWidth.of(line)) columns: \(line)")
        }
        func shown(_ text: String) -> Bool { frame.lines.contains { $0.contains(text) } }
        var texts = [CaptchaScreen.title]
        if let challenge = state.challenge {
            texts.append(CaptchaScreen.position(challenge))
            if !state.finished {
                texts += CaptchaScreen.infoMessages(state, challenge)
                texts.append(CaptchaScreen.inputLabel(challenge.kind))
            }
            let words = frame.lines.flatMap { $0.split(separator: " ") }.joined(separator: " ")
            if !words.contains(challenge.prompt) { found.append("prompt cut: \(challenge.prompt)") }
        } else {
            texts.append(CaptchaScreen.loading)
        }
        if let status = CaptchaScreen.statusMessage(state) { texts.append(status) }
        for text in texts.map({ translator($0) }) where !shown(text) { found.append("cut: \(text)") }
        if !state.finished {
            let (long, short) = CaptchaScreen.helpMessages(state)
            if !shown(translator(long)) && !shown(translator(short)) { found.append("key help cut: \(translator(short))") }
        }
        return found
    }

    /// Every screen the captcha shows, by name: loading, each kind of challenge with every status,
    /// with and without the webcam, counts whose plural forms differ, the lock, the time up, and the
    /// last screens (dismissed, stopped, snoozed until a time written as `style` writes it).
    static func screens(_ style: TimeStyle) -> [(String, CaptchaState)] {
        let now: Int64 = 1_000_000
        let kinds: [(CaptchaChallenge.Kind, String)] = [
            (.math, "7 × 12 − 45 = ?"),
            (.typing, "Type: morning window garden pillow coffee sunrise"),
            (.qr, "Scan or type the code you placed away from your bed"),
            (.card, "Scan or type the code on your card Kitchen drawer"),
            (.other("riddle"), "What has hands but cannot clap?"),
        ]
        let snoozes = [WallTime(hour: 7, minute: 5, second: 0)!, WallTime(hour: 12, minute: 45, second: 0)!]
        let statuses: [CaptchaStatus?] = [nil, .checking, .correct, .wrong, .timeout, .locked, .stillLocked, .unlocked,
                                          .unreachable, .stale, .scanning, .scanFailed]
        let finals: [CaptchaStatus] = [.dismissed, .alarmStopped] + snoozes.map { .snoozed(until: style.time($0)) }
        func state(_ challenge: CaptchaChallenge?, _ status: CaptchaStatus?, scan: Bool = false,
                   finished: Bool = false) -> CaptchaState {
            var state = CaptchaState(label: "Work — weekdays", challenge: challenge, input: "39", status: status,
                                     now: now, width: 0, height: 0)
            state.scanAvailable = scan
            state.finished = finished
            state.deadlineSpan = 120
            return state
        }
        var all: [(String, CaptchaState)] = [("loading", state(nil, nil)), ("loading unreachable", state(nil, .unreachable))]
        for (kind, prompt) in kinds {
            // Every message under the input, with the key help the webcam changes for a code.
            let ticking = CaptchaChallenge(index: 1, total: 2, kind: kind, prompt: prompt, deadline: now + 42, attempts: 2)
            for status in statuses {
                for scan in [false, true] where !scan || kind == .qr || kind == .card {
                    all.append(("\(kind) \(status.map { "\($0)" } ?? "-")\(scan ? " scan" : "")", state(ticking, status, scan: scan)))
                }
            }
            // The counted texts, in every plural form of the languages shipped or likely.
            for count in [1, 2, 5, 22, 300] {
                let counted = CaptchaChallenge(index: min(count, 9) - 1, total: min(count, 9), kind: kind, prompt: prompt,
                                               deadline: now + Int64(count), attempts: count)
                let locked = CaptchaChallenge(index: 0, total: 3, kind: kind, prompt: prompt, deadline: now + 60,
                                              attempts: count, lockedUntil: now + Int64(count))
                let late = CaptchaChallenge(index: 2, total: 3, kind: kind, prompt: prompt, deadline: now - 1, attempts: count)
                all.append(("\(kind) \(count) wrong", state(counted, .wrong)))
                all.append(("\(kind) \(count) locked", state(locked, .locked)))
                all.append(("\(kind) \(count) still locked", state(locked, .stillLocked)))
                all.append(("\(kind) \(count) time up", state(late, .timeout)))
            }
            let last = CaptchaChallenge(index: 0, total: 1, kind: kind, prompt: prompt)
            for status in finals { all.append(("\(kind) \(status)", state(last, status, finished: true))) }
        }
        return all
    }
}
