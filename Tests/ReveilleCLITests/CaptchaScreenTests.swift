import Testing
@testable import ReveilleCLI

/// A math problem with 42 s left and two wrong answers, after the last one was wrong.
private func mathState(width: Int, height: Int) -> CaptchaState {
    let math = CaptchaChallenge(index: 0, total: 3, kind: .math, prompt: "7 × 12 − 45 = ?", deadline: 1_000_042, attempts: 2)
    return CaptchaState(label: "Work — weekdays", challenge: math, input: "39", status: .wrong, now: 1_000_000,
                        width: width, height: height)
}

/// `body`, blank lines down to the last row, then `last` on it.
private func screen(_ body: [String], height: Int, last: String) -> [String] {
    body + Array(repeating: "", count: height - 1 - body.count) + [last]
}

private let longHelp = "Enter submits · Ctrl-C leaves; the alarm keeps ringing"
private let shortHelp = "Ctrl-C leaves; the alarm keeps ringing"

@Test func mathProblemAt80x24ShowsCountdownAttemptsAndStatus() {
    let frame = CaptchaScreen.render(mathState(width: 80, height: 24))
    #expect(frame.lines == screen([
        "Reveille — solve to stop the alarm",
        "Work — weekdays",
        "",
        "Challenge 1 of 3",
        "",
        "7 × 12 − 45 = ?",
        "",
        "42 s left · 2 wrong so far",
        "",
        "Answer: 39",
        "Wrong — here is a new problem",
    ], height: 24, last: longHelp))
    #expect(frame.cursor == CaptchaFrame.Position(row: 9, column: 10))
}

@Test func mathProblemAt40x12FitsEveryLine() {
    let frame = CaptchaScreen.render(mathState(width: 40, height: 12))
    #expect(frame.text == """
        Reveille — solve to stop the alarm
        Work — weekdays

        Challenge 1 of 3

        7 × 12 − 45 = ?

        42 s left · 2 wrong so far

        Answer: 39
        Wrong — here is a new problem
        Ctrl-C leaves; the alarm keeps ringing
        """)
    #expect(frame.cursor == CaptchaFrame.Position(row: 9, column: 10))
}

@Test func typingChallengeLabelsTheInputAsText() {
    let typing = CaptchaChallenge(index: 1, total: 2, kind: .typing, prompt: "Type: apple river stone", deadline: 1_000_090)
    let state = CaptchaState(label: nil, challenge: typing, input: "apple riv", now: 1_000_000, width: 80, height: 24)
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines == screen([
        "Reveille — solve to stop the alarm",
        "",
        "Challenge 2 of 2",
        "",
        "Type: apple river stone",
        "",
        "90 s left",
        "",
        "Text: apple riv",
    ], height: 24, last: longHelp))
    #expect(frame.cursor == CaptchaFrame.Position(row: 8, column: 15))
}

@Test func qrChallengeWithoutDeadlineShowsNoCountdownAndEchoesTheCode() {
    let qr = CaptchaChallenge(index: 1, total: 3, kind: .qr, prompt: "Scan or type the code you placed away from your bed")
    let state = CaptchaState(label: nil, challenge: qr, input: "BATHROOM-7", now: 1_000_000, width: 40, height: 12)
    let frame = CaptchaScreen.render(state)
    #expect(frame.text == """
        Reveille — solve to stop the alarm

        Challenge 2 of 3

        Scan or type the code you placed away
        from your bed

        Code: BATHROOM-7



        Ctrl-C leaves; the alarm keeps ringing
        """)
    #expect(!state.needsTicking)
}

@Test func lockedStateShowsTheCooldownInsteadOfTheDeadline() {
    let math = CaptchaChallenge(index: 0, total: 1, kind: .math, prompt: "3 + 4 = ?", deadline: 1_000_030, attempts: 3,
                                lockedUntil: 1_000_025)
    let state = CaptchaState(label: "Gym", challenge: math, status: .locked, now: 1_000_000, width: 40, height: 12)
    #expect(CaptchaScreen.render(state).text == """
        Reveille — solve to stop the alarm
        Gym

        Challenge 1 of 1

        3 + 4 = ?

        Locked: 25 s · 3 wrong so far

        Answer: 
        Too many misses — answers are locked
        Ctrl-C leaves; the alarm keeps ringing
        """)
    #expect(state.needsTicking)
}

@Test func longLabelIsCutAndLongPromptDropsBlankLinesThenLinesWithAMark() {
    let words = (1...30).map { "word\($0)" }.joined(separator: " ")
    let typing = CaptchaChallenge(index: 0, total: 1, kind: .typing, prompt: "Type: " + words)
    let state = CaptchaState(label: "A label far longer than forty columns can ever hold", challenge: typing,
                             now: 1_000_000, width: 40, height: 12)
    #expect(CaptchaScreen.render(state).text == """
        Reveille — solve to stop the alarm
        A label far longer than forty columns c…

        Challenge 1 of 1
        Type: word1 word2 word3 word4 word5
        word6 word7 word8 word9 word10 word11
        word12 word13 word14 word15 word16
        word17 word18 word19 word20 word21
        word22 word23 word24 word25 word26
        word27 word28 word29 word30
        Text: 
        Ctrl-C leaves; the alarm keeps ringing
        """)
    let longer = CaptchaChallenge(index: 0, total: 1, kind: .typing, prompt: "Type: " + words + " " + words)
    var cut = state
    cut.challenge = longer
    cut.status = .wrong
    #expect(CaptchaScreen.render(cut).text == """
        Reveille — solve to stop the alarm
        A label far longer than forty columns c…
        Challenge 1 of 1
        Type: word1 word2 word3 word4 word5
        word6 word7 word8 word9 word10 word11
        word12 word13 word14 word15 word16
        word17 word18 word19 word20 word21
        word22 word23 word24 word25 word26
        word27 word28 word29 word30 word1 word2…
        Text: 
        Wrong — here is a new problem
        Ctrl-C leaves; the alarm keeps ringing
        """)
}

@Test func wideCharactersTakeTwoColumnsWhenCuttingAndWrapping() {
    let typing = CaptchaChallenge(index: 0, total: 1, kind: .typing, prompt: "入力: 日本語の文章をここに入力してくださいお願いします")
    let state = CaptchaState(label: "目覚まし時計の名前がとても長いのでここで切れます", challenge: typing,
                             input: "日本語", now: 0, width: 40, height: 12)
    let frame = CaptchaScreen.render(state)
    #expect(frame.text == """
        Reveille — solve to stop the alarm
        目覚まし時計の名前がとても長いのでここ…

        Challenge 1 of 1

        入力: 日本語の文章をここに入力してくださ
        いお願いします

        Text: 日本語


        Ctrl-C leaves; the alarm keeps ringing
        """)
    #expect(frame.lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    #expect(frame.cursor == CaptchaFrame.Position(row: 8, column: 12))
}

@Test func typedTextLongerThanTheLineShowsItsEnd() {
    let qr = CaptchaChallenge(index: 0, total: 1, kind: .qr, prompt: "Type the code")
    let code = String(repeating: "0123456789", count: 5)
    let state = CaptchaState(label: nil, challenge: qr, input: code, now: 0, width: 40, height: 12)
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines[6] == "Code: …89012345678901234567890123456789")
    #expect(frame.cursor == CaptchaFrame.Position(row: 6, column: 39))
}

@Test func screenSmallerThan40x12SaysSoOnOneLine() {
    var state = mathState(width: 39, height: 12)
    #expect(CaptchaScreen.render(state).lines == ["terminal too small (need 40×12)"] + Array(repeating: "", count: 11))
    state.width = 80
    state.height = 11
    #expect(CaptchaScreen.render(state).lines == ["terminal too small (need 40×12)"] + Array(repeating: "", count: 10))
    state.width = 20
    state.height = 2
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines == ["terminal too small…", ""])
    #expect(frame.cursor == nil)
}

@Test func beforeTheFirstChallengeTheScreenSaysItIsLoadingAndWhyItWaits() {
    let state = CaptchaState(label: "Work", status: .unreachable, now: 0, width: 40, height: 12)
    #expect(CaptchaScreen.render(state).text == """
        Reveille — solve to stop the alarm
        Work

        Loading the challenge…

        Cannot reach the agent, retrying…





        Ctrl-C leaves; the alarm keeps ringing
        """)
}

@Test func dismissedAlarmShowsOnlyTheLastMessage() {
    var state = mathState(width: 40, height: 12)
    state.apply(.answered(.dismissed, next: nil))
    let frame = CaptchaScreen.render(state)
    #expect(frame.text == """
        Reveille — solve to stop the alarm
        Work — weekdays

        Challenge 1 of 3

        7 × 12 − 45 = ?

        Alarm dismissed. Good morning!




        """)
    #expect(frame.cursor == nil)
}

@Test func ansiDrawAddressesAndClearsEveryRowThenPlacesTheCursor() {
    let frame = CaptchaFrame(lines: ["ab", "", "c"], cursor: CaptchaFrame.Position(row: 2, column: 1))
    #expect(CaptchaANSI.draw(frame) == "\u{1B}[?25l\u{1B}[1;1H\u{1B}[2Kab\u{1B}[2;1H\u{1B}[2K\u{1B}[3;1H\u{1B}[2Kc\u{1B}[3;2H\u{1B}[?25h")
    let hidden = CaptchaFrame(lines: ["x"], cursor: nil)
    #expect(CaptchaANSI.draw(hidden) == "\u{1B}[?25l\u{1B}[1;1H\u{1B}[2Kx")
}
