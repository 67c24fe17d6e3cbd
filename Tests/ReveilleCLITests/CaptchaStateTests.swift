import Testing
@testable import ReveilleCLI

private let math = CaptchaChallenge(index: 0, total: 2, kind: .math, prompt: "7 × 12 − 45 = ?", deadline: 1_000_060)
private let nextMath = CaptchaChallenge(index: 0, total: 2, kind: .math, prompt: "9 × 3 + 1 = ?", deadline: 1_000_070,
                                        attempts: 1)
private let typing = CaptchaChallenge(index: 1, total: 2, kind: .typing, prompt: "Type: apple river stone")

private func state(_ challenge: CaptchaChallenge? = math, input: String = "") -> CaptchaState {
    CaptchaState(label: "Work", challenge: challenge, input: input, now: 1_000_000, width: 80, height: 24)
}

@Test func typedTextIsAppendedAndSanitized() {
    var captcha = state()
    #expect(captcha.apply(.key(.text("3"))) == nil)
    captcha.apply(.key(.text("9\u{9B}2J\u{1B}")))
    #expect(captcha.input == "39")
}

@Test func backspaceRemovesOneCharacterNotOneByte() {
    var captcha = state(input: "cafe\u{301}")
    captcha.apply(.key(.backspace))
    #expect(captcha.input == "caf")
    captcha.input = "go 🇫🇷"
    captcha.apply(.key(.backspace))
    #expect(captcha.input == "go ")
    captcha.input = ""
    captcha.apply(.key(.backspace))
    #expect(captcha.input == "")
}

@Test func ctrlUClearsTheLine() {
    var captcha = state(input: "apple riv")
    captcha.apply(.key(.clearLine))
    #expect(captcha.input == "")
}

@Test func enterSubmitsTheTextOnceAndClearsTheInput() {
    var captcha = state(input: "39")
    #expect(captcha.apply(.key(.enter)) == .submit("39"))
    #expect(captcha.input == "")
    #expect(captcha.status == .checking)
    captcha.apply(.key(.text("40")))
    #expect(captcha.apply(.key(.enter)) == nil)  // the first answer's outcome has not come back
    #expect(captcha.input == "40")
}

@Test func enterWithNothingTypedOrNoChallengeSubmitsNothing() {
    var blank = state(input: "  ")
    #expect(blank.apply(.key(.enter)) == nil)
    var loading = state(nil, input: "39")
    #expect(loading.apply(.key(.enter)) == nil)
}

@Test func enterWhileLockedKeepsTheTextAndSaysHowLongToWait() {
    var locked = math
    locked.lockedUntil = 1_000_025
    var captcha = state(locked, input: "39")
    #expect(captcha.apply(.key(.enter)) == nil)
    #expect(captcha.input == "39")
    #expect(CaptchaScreen.statusText(captcha) == "Locked: wait 25 s")
    captcha.apply(.tick(now: 1_000_025))
    #expect(captcha.status == .unlocked)
    #expect(CaptchaScreen.statusText(captcha) == "You can answer again")
    #expect(captcha.apply(.key(.enter)) == .submit("39"))
}

@Test func outcomesShowTheirMessageAndTheNextProblem() {
    var captcha = state(input: "39")
    captcha.apply(.key(.enter))
    captcha.apply(.answered(.wrong, next: nextMath))
    #expect(captcha.challenge == nextMath)
    #expect(CaptchaScreen.statusText(captcha) == "Wrong — here is a new problem")
    captcha.apply(.answered(.timeout, next: math))
    #expect(CaptchaScreen.statusText(captcha) == "Too late — here is a new problem")
    captcha.apply(.answered(.correct, next: typing))
    #expect(captcha.challenge == typing)
    #expect(CaptchaScreen.statusText(captcha) == "Correct!")
    captcha.apply(.answered(.locked, next: nil))
    #expect(CaptchaScreen.statusText(captcha) == "Too many misses — answers are locked")
}

@Test func dismissedOutcomeFinishesAndKeysNoLongerEdit() {
    var captcha = state(typing)
    #expect(captcha.apply(.answered(.dismissed, next: nil)) == .finished)
    #expect(captcha.finished)
    #expect(!captcha.needsTicking)
    captcha.apply(.key(.text("x")))
    #expect(captcha.input == "")
    #expect(captcha.apply(.key(.quit)) == .quit)
}

@Test func ctrlCQuitsWithoutSubmitting() {
    var captcha = state(input: "39")
    #expect(captcha.apply(.key(.quit)) == .quit)
    #expect(captcha.input == "39")
}

@Test func unreachableAgentIsShownUntilTheNextChallengeArrives() {
    var captcha = state(input: "39")
    captcha.apply(.key(.enter))
    captcha.apply(.agentUnreachable)
    #expect(!captcha.awaitingOutcome)
    #expect(CaptchaScreen.statusText(captcha) == "Cannot reach the agent, retrying…")
    captcha.apply(.challenge(math))
    #expect(captcha.status == nil)
}

@Test func alarmStoppedElsewhereFinishes() {
    var captcha = state()
    #expect(captcha.apply(.alarmStopped) == .finished)
    #expect(CaptchaScreen.statusText(captcha) == "The alarm is no longer ringing")
}

@Test func refreshWithANewProblemClearsHalfTypedTextButTheSameProblemKeepsIt() {
    var captcha = state(input: "8")
    var sameProblem = math
    sameProblem.attempts = 1
    captcha.apply(.challenge(sameProblem))
    #expect(captcha.input == "8")
    captcha.apply(.challenge(nextMath))
    #expect(captcha.input == "")
}

@Test func aChallengeChangedAlreadyReflectedInTheShownViewAsksForNothing() {
    var captcha = state(input: "39")
    captcha.apply(.key(.enter))
    // The agent's signal for this answer arrives before the SubmitAnswer reply that shows the new problem.
    captcha.apply(.answered(.wrong, next: nextMath, asOf: 3))
    #expect(captcha.challenge == nextMath)
    #expect(captcha.apply(.challengeChanged(serial: 3)) == nil)
    #expect(captcha.apply(.challengeChanged(serial: 2)) == nil)
    #expect(captcha.apply(.challengeChanged(serial: 4)) == .refresh)
}

@Test func aViewOlderThanTheShownOneNeverReplacesIt() {
    var captcha = state(input: "39")
    captcha.apply(.key(.enter))
    captcha.apply(.answered(.wrong, next: nextMath, asOf: 5))
    captcha.apply(.challenge(math, asOf: 4))
    #expect(captcha.challenge == nextMath)
    captcha.apply(.answered(.timeout, next: math, asOf: 2))
    #expect(captcha.challenge == nextMath)
    #expect(captcha.status == .timeout)
    captcha.apply(.challenge(typing, asOf: 5))
    #expect(captcha.challenge == typing)
    #expect(captcha.shownAsOf == 5)
}

@Test func noRefreshOnceTheAlarmStopped() {
    var captcha = state()
    captcha.apply(.alarmStopped)
    #expect(captcha.apply(.challengeChanged(serial: 1)) == nil)
}

@Test func tickingIsNeededOnlyWhileACountdownIsShown() {
    #expect(state(math).needsTicking)
    #expect(!state(typing).needsTicking)
    #expect(!state(nil).needsTicking)
    var locked = typing
    locked.lockedUntil = 1_000_010
    var captcha = state(locked)
    #expect(captcha.needsTicking)
    captcha.apply(.tick(now: 1_000_010))
    #expect(!captcha.needsTicking)
}

@Test func resizeChangesTheSizeRenderedAt() {
    var captcha = state()
    captcha.apply(.resized(width: 39, height: 12))
    #expect(CaptchaScreen.render(captcha).lines.first == "terminal too small (need 40×12)")
}

@Test func inputIsCappedSoAStuckKeyCannotGrowItWithoutBound() {
    var captcha = state()
    captcha.apply(.key(.text(String(repeating: "7", count: 500))))
    #expect(captcha.input.count == CaptchaState.maximumInputLength)
}

@Test func unknownChallengeKindIsKeptByName() {
    #expect(CaptchaChallenge.Kind(wireName: "qr") == .qr)
    #expect(CaptchaChallenge.Kind(wireName: "riddle") == .other("riddle"))
}

@Test func aSnoozeEndsTheScreenWithItsTimeAndLeavesNothingToAnswer() {
    var captcha = state(input: "39")
    captcha.awaitingOutcome = true
    #expect(captcha.apply(.alarmSnoozed(until: "07:05")) == .snoozed)
    #expect(captcha.finished && !captcha.awaitingOutcome)
    #expect(captcha.status == .snoozed(until: "07:05"))
    #expect(CaptchaScreen.statusText(captcha) == "Snoozed until 07:05 — Dismiss then opens a new challenge")
    // A ChallengeChanged that follows the Snoozed signal asks for nothing more.
    #expect(captcha.apply(.challengeChanged(serial: 9)) == nil)
    #expect(captcha.apply(.key(.enter)) == nil)
}

@Test func aStaleAnswerShowsTheCurrentProblemAndSaysWhy() {
    var captcha = state(input: "39")
    _ = captcha.apply(.key(.enter))
    captcha.apply(.answered(.stale, next: nextMath))
    #expect(captcha.challenge == nextMath)
    #expect(captcha.status == .stale)
    #expect(CaptchaScreen.statusText(captcha) == "That problem was replaced — here is the current one")
}
