import Testing
@testable import ReveilleCLI

/// The webcam scan offer of the captcha: only for a code challenge, only with a scanner installed.
@Suite struct CaptchaScanTests {
    let card = CaptchaChallenge(index: 0, total: 1, kind: .card, prompt: "Scan or type the code on your card Kitchen")
    let math = CaptchaChallenge(index: 0, total: 1, kind: .math, prompt: "3 + 4 = ?", deadline: 1_000_060)

    func state(_ challenge: CaptchaChallenge, scanner: Bool, width: Int = 80) -> CaptchaState {
        var state = CaptchaState(label: nil, challenge: challenge, now: 1_000_000, width: width, height: 24)
        state.scanAvailable = scanner
        return state
    }

    @Test func tabScansACardOnceAndTheScannedCodeIsSubmitted() {
        var captcha = state(card, scanner: true)
        #expect(captcha.apply(.key(.scan)) == .scan)
        #expect(captcha.status == .scanning)
        #expect(captcha.apply(.key(.scan)) == nil)
        #expect(captcha.apply(.scanned("KX7MPRWC94")) == .submit("KX7MPRWC94"))
        #expect(captcha.status == .checking && captcha.input.isEmpty)
    }

    @Test func aScanThatReadsNothingLeavesTypingToThePerson() {
        var captcha = state(card, scanner: true)
        captcha.apply(.key(.text("KX")))
        captcha.apply(.key(.scan))
        #expect(captcha.apply(.scanned(nil)) == nil)
        #expect(captcha.status == .scanFailed && captcha.input == "KX")
        #expect(captcha.apply(.key(.scan)) == .scan)
    }

    @Test func noScannerOrNoCodeMeansNoOffer() {
        var without = state(card, scanner: false)
        #expect(without.apply(.key(.scan)) == nil)
        var onMath = state(math, scanner: true)
        #expect(onMath.apply(.key(.scan)) == nil)
        #expect(onMath.status == nil)
    }

    @Test func theHelpLineOffersTheScanOnlyWhenTabWouldScan() {
        let offered = CaptchaScreen.render(state(card, scanner: true), look: .plain).lines.last
        #expect(offered == "           Enter submits · Tab scans with the webcam · Ctrl-C leaves")
        let narrow = CaptchaScreen.render(state(card, scanner: true, width: 40), look: .plain).lines.last
        #expect(narrow == " Tab: scan with webcam · Ctrl-C: leave")
        let none = CaptchaScreen.render(state(card, scanner: false), look: .plain).lines.last
        #expect(none == "             Enter submits · Ctrl-C leaves; the alarm keeps ringing")
        #expect(CaptchaScreen.render(state(math, scanner: true), look: .plain).lines.last == none)
    }

    @Test func aCardChallengeAsksForACodeAndIsNotDrawnInBlockLetters() {
        let frame = CaptchaScreen.render(state(card, scanner: false))
        #expect(frame.lines.contains("                    Code: "))
        #expect(!frame.text.contains("█"))
    }
}
