import Testing
@testable import ReveilleCLI

/// A math problem shown with 72 s on the clock, 30 s later: 42 s left, two wrong answers, the last one just now.
private func mathState(width: Int, height: Int) -> CaptchaState {
    let math = CaptchaChallenge(index: 0, total: 3, kind: .math, prompt: "7 × 12 − 45 = ?", deadline: 1_000_042, attempts: 2)
    var state = CaptchaState(label: "Work — weekdays", now: 999_970, width: width, height: height)
    state.apply(.challenge(math))
    state.apply(.tick(now: 1_000_000))
    state.input = "39"
    state.status = .wrong
    return state
}

private func blank(_ count: Int) -> [String] { Array(repeating: "", count: count) }

/// The styles of `frame`'s lines that are not plain, by row.
private func styled(_ frame: CaptchaFrame) -> [Int: CaptchaFrame.Style] {
    Dictionary(uniqueKeysWithValues: frame.styles.enumerated().filter { $0.element != .plain }.map { ($0.offset, $0.element) })
}

@Test func mathProblemAt80x24IsCentredInBlockDigitsAboveItsPlainTextWithATimeBar() {
    let frame = CaptchaScreen.render(mathState(width: 80, height: 24))
    #expect(frame.lines == blank(3) + [
        "                       Reveille — solve to stop the alarm",
        "                                Work — weekdays",
        "",
        "                                Challenge 1 of 3",
        "",
        "   ██████              ██   ██████            ██  ██ ██████            ██████",
        "       ██   ██  ██   ████       ██            ██  ██ ██       ██████       ██",
        "       ██     ██       ██   ██████   ██████   ██████ ██████              ████",
        "       ██   ██  ██     ██   ██                    ██     ██   ██████",
        "       ██            ██████ ██████                ██ ██████              ██",
        "",
        "                                7 × 12 − 45 = ?",
        "",
        "           ██████████████████░░░░░░░░░░░░ 42 s left · 2 wrong so far",
        "",
        "                    Answer: 39",
        "                         Wrong — here is a new problem",
    ] + blank(3) + [
        "             Enter submits · Ctrl-C leaves; the alarm keeps ringing",
    ])
    #expect(styled(frame) == [4: .bold, 8: .bold, 9: .bold, 10: .bold, 11: .bold, 12: .bold, 16: .green, 19: .red])
    #expect(frame.cursor == CaptchaFrame.Position(row: 18, column: 30))
}

@Test func mathProblemAt160x50DrawsTheDigitsTwiceAsLarge() {
    let frame = CaptchaScreen.render(mathState(width: 160, height: 50))
    #expect(frame.lines == blank(13) + [
        "                                                               Reveille — solve to stop the alarm",
        "                                                                        Work — weekdays",
        "",
        "                                                                        Challenge 1 of 3",
        "",
        "      ████████████                            ████      ████████████                        ████    ████  ████████████                        ████████████",
        "      ████████████                            ████      ████████████                        ████    ████  ████████████                        ████████████",
        "              ████      ████    ████      ████████              ████                        ████    ████  ████              ████████████              ████",
        "              ████      ████    ████      ████████              ████                        ████    ████  ████              ████████████              ████",
        "              ████          ████              ████      ████████████      ████████████      ████████████  ████████████                            ████████",
        "              ████          ████              ████      ████████████      ████████████      ████████████  ████████████                            ████████",
        "              ████      ████    ████          ████      ████                                        ████          ████      ████████████",
        "              ████      ████    ████          ████      ████                                        ████          ████      ████████████",
        "              ████                        ████████████  ████████████                                ████  ████████████                            ████",
        "              ████                        ████████████  ████████████                                ████  ████████████                            ████",
        "",
        "                                                                        7 × 12 − 45 = ?",
        "",
        "                                                   ██████████████████░░░░░░░░░░░░ 42 s left · 2 wrong so far",
        "",
        "                                                            Answer: 39",
        "                                                                 Wrong — here is a new problem",
    ] + blank(14) + [
        "                                                     Enter submits · Ctrl-C leaves; the alarm keeps ringing",
    ])
    #expect(styled(frame) == [14: .bold, 18: .bold, 19: .bold, 20: .bold, 21: .bold, 22: .bold, 23: .bold, 24: .bold, 25: .bold, 26: .bold, 27: .bold, 31: .green, 34: .red])
    #expect(frame.cursor == CaptchaFrame.Position(row: 33, column: 70))
}

@Test func mathProblemAt40x12HasNoRoomForBlockDigitsAndShowsItInBoldText() {
    let frame = CaptchaScreen.render(mathState(width: 40, height: 12))
    #expect(frame.lines == [
        "   Reveille — solve to stop the alarm",
        "            Work — weekdays",
        "",
        "            Challenge 1 of 3",
        "",
        "            7 × 12 − 45 = ?",
        "",
        "████████░░░░░ 42 s left · 2 wrong so far",
        "",
        "Answer: 39",
        "     Wrong — here is a new problem",
        " Ctrl-C leaves; the alarm keeps ringing",
    ])
    #expect(styled(frame) == [1: .bold, 5: .bold, 7: .green, 10: .red])
    #expect(frame.cursor == CaptchaFrame.Position(row: 9, column: 10))
}

@Test func dumbTerminalGetsPlainTextAnASCIIBarAndNoStyle() {
    let frame = CaptchaScreen.render(mathState(width: 80, height: 24), look: .plain)
    #expect(frame.lines == blank(6) + [
        "                       Reveille — solve to stop the alarm",
        "                                Work — weekdays",
        "",
        "                                Challenge 1 of 3",
        "",
        "                                7 × 12 − 45 = ?",
        "",
        "           ##################------------ 42 s left · 2 wrong so far",
        "",
        "                    Answer: 39",
        "                         Wrong — here is a new problem",
    ] + blank(6) + [
        "             Enter submits · Ctrl-C leaves; the alarm keeps ringing",
    ])
    #expect(styled(frame) == [:])
    #expect(frame.cursor == CaptchaFrame.Position(row: 15, column: 30))
    #expect(!CaptchaANSI.draw(frame).contains("\u{1B}[0m"))
}

@Test func noColorKeepsTheBlockDigitsAndBoldButDropsEveryColour() {
    let state = mathState(width: 80, height: 24)
    let frame = CaptchaScreen.render(state, look: .monochrome)
    #expect(frame.lines == CaptchaScreen.render(state).lines)
    #expect(styled(frame) == [4: .bold, 8: .bold, 9: .bold, 10: .bold, 11: .bold, 12: .bold, 16: .bold, 19: .bold])
    #expect(!CaptchaANSI.draw(frame).contains("\u{1B}[1;3"))
}

@Test func wrongIsRedRightIsGreenAndTheDrawWrapsThemInSGR() {
    var state = mathState(width: 40, height: 12)
    #expect(CaptchaScreen.render(state).styles[10] == .red)
    state.status = .correct
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines[10] == "                Correct!")
    #expect(frame.styles[10] == .green)
    #expect(CaptchaANSI.draw(frame).contains("\u{1B}[11;1H\u{1B}[2K\u{1B}[1;32m                Correct!\u{1B}[0m"))
}

@Test func timeBarEmptiesAndTurnsYellowThenRedAsTheDeadlineNears() {
    let math = CaptchaChallenge(index: 0, total: 1, kind: .math, prompt: "3 + 4 = ?", deadline: 1_000_060)
    var state = CaptchaState(label: nil, now: 1_000_000, width: 40, height: 12)
    state.apply(.challenge(math))
    func bar(at now: Int64) -> (String, CaptchaFrame.Style) {
        state.apply(.tick(now: now))
        let frame = CaptchaScreen.render(state)
        let row = frame.lines.firstIndex { $0.contains("left") || $0.contains("Time is up") }!
        return (frame.lines[row], frame.styles[row])
    }
    #expect(bar(at: 1_000_000) == ("██████████████████████████████ 60 s left", .green))
    #expect(bar(at: 1_000_030) == ("███████████████░░░░░░░░░░░░░░░ 30 s left", .yellow))
    #expect(bar(at: 1_000_054) == ("███░░░░░░░░░░░░░░░░░░░░░░░░░░░ 6 s left", .red))
    #expect(bar(at: 1_000_060) == ("               Time is up", .red))
}

@Test func lockoutShowsItsCountdownInYellowAt40x12() {
    let math = CaptchaChallenge(index: 0, total: 1, kind: .math, prompt: "3 + 4 = ?", deadline: 1_000_030, attempts: 3,
                                lockedUntil: 1_000_025)
    let state = CaptchaState(label: "Gym", challenge: math, status: .locked, now: 1_000_000, width: 40, height: 12)
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines == [
        "   Reveille — solve to stop the alarm",
        "                  Gym",
        "",
        "            Challenge 1 of 1",
        "",
        "               3 + 4 = ?",
        "",
        "     Locked: 25 s · 3 wrong so far",
        "",
        "Answer: ",
        "  Too many misses — answers are locked",
        " Ctrl-C leaves; the alarm keeps ringing",
    ])
    #expect(styled(frame) == [1: .bold, 5: .bold, 7: .yellow, 10: .red])
    #expect(state.needsTicking)
}

@Test func lockoutAt160x50KeepsTheProblemLargestWithTheLabelInSmallerCapitalsAndCountsDown() {
    let math = CaptchaChallenge(index: 0, total: 1, kind: .math, prompt: "3 + 4 = ?", deadline: 1_000_030, attempts: 3,
                                lockedUntil: 1_000_025)
    var state = CaptchaState(label: "Gym", challenge: math, status: .locked, now: 1_000_000, width: 160, height: 50)
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines == blank(11) + [
        "                                                               Reveille — solve to stop the alarm",
        "",
        "                                                                        ████ ██  ██ ██  ██",
        "                                                                      ██     ██  ██ ██████",
        "                                                                      ██  ██   ██   ██████",
        "                                                                      ██  ██   ██   ██  ██",
        "                                                                        ████   ██   ██  ██",
        "",
        "                                                                        Challenge 1 of 1",
        "",
        "                                      ████████████                        ████    ████                        ████████████",
        "                                      ████████████                        ████    ████                        ████████████",
        "                                              ████          ████          ████    ████      ████████████              ████",
        "                                              ████          ████          ████    ████      ████████████              ████",
        "                                      ████████████      ████████████      ████████████                            ████████",
        "                                      ████████████      ████████████      ████████████                            ████████",
        "                                              ████          ████                  ████      ████████████",
        "                                              ████          ████                  ████      ████████████",
        "                                      ████████████                                ████                            ████",
        "                                      ████████████                                ████                            ████",
        "",
        "                                                                           3 + 4 = ?",
        "",
        "                                                                 Locked: 25 s · 3 wrong so far",
        "",
        "                                                            Answer: ",
        "                                                              Too many misses — answers are locked",
    ] + blank(11) + [
        "                                                     Enter submits · Ctrl-C leaves; the alarm keeps ringing",
    ])
    #expect(styled(frame) == [13: .bold, 14: .bold, 15: .bold, 16: .bold, 17: .bold, 21: .bold, 22: .bold, 23: .bold, 24: .bold, 25: .bold, 26: .bold, 27: .bold, 28: .bold, 29: .bold, 30: .bold, 34: .yellow, 37: .red])
    #expect(frame.cursor == CaptchaFrame.Position(row: 36, column: 68))
    state.apply(.tick(now: 1_000_024))
    #expect(CaptchaScreen.render(state).lines[34] == "                                                                  Locked: 1 s · 3 wrong so far")
}

@Test func labelOfLettersAt80x24IsDrawnInBlockCapitalsNarrowerThanTheProblem() {
    let math = CaptchaChallenge(index: 0, total: 1, kind: .math, prompt: "3 + 4 = ?", deadline: 1_000_030, attempts: 3,
                                lockedUntil: 1_000_025)
    let state = CaptchaState(label: "Gym", challenge: math, status: .locked, now: 1_000_000, width: 80, height: 24)
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines == [
        "                       Reveille — solve to stop the alarm",
        "",
        "                                   ██ █ █ █ █",
        "                                  █   █ █ ███",
        "                                  █ █  █  ███",
        "                                  █ █  █  █ █",
        "                                   ██  █  █ █",
        "",
        "                                Challenge 1 of 1",
        "",
        "                   ██████            ██  ██            ██████",
        "                       ██     ██     ██  ██   ██████       ██",
        "                   ██████   ██████   ██████              ████",
        "                       ██     ██         ██   ██████",
        "                   ██████                ██              ██",
        "",
        "                                   3 + 4 = ?",
        "",
        "                         Locked: 25 s · 3 wrong so far",
        "",
        "                    Answer: ",
        "                      Too many misses — answers are locked",
        "",
        "             Enter submits · Ctrl-C leaves; the alarm keeps ringing",
    ])
    #expect(styled(frame) == [2: .bold, 3: .bold, 4: .bold, 5: .bold, 6: .bold, 10: .bold, 11: .bold, 12: .bold, 13: .bold, 14: .bold, 18: .yellow, 21: .red])
    #expect(frame.cursor == CaptchaFrame.Position(row: 20, column: 28))
}

@Test func typingChallengeIsShownBoldWithTheInputLabelledText() {
    let typing = CaptchaChallenge(index: 1, total: 2, kind: .typing, prompt: "Type: apple river stone", deadline: 1_000_090)
    let state = CaptchaState(label: nil, challenge: typing, input: "apple riv", now: 1_000_000, width: 80, height: 24)
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines == blank(7) + [
        "                       Reveille — solve to stop the alarm",
        "",
        "                                Challenge 2 of 2",
        "",
        "                            Type: apple river stone",
        "",
        "                    ██████████████████████████████ 90 s left",
        "",
        "                    Text: apple riv",
    ] + blank(7) + [
        "             Enter submits · Ctrl-C leaves; the alarm keeps ringing",
    ])
    #expect(styled(frame) == [11: .bold, 13: .green])
    #expect(frame.cursor == CaptchaFrame.Position(row: 15, column: 35))
}

@Test func qrChallengeWithoutDeadlineShowsNoCountdownAndEchoesTheCode() {
    let qr = CaptchaChallenge(index: 1, total: 3, kind: .qr, prompt: "Scan or type the code you placed away from your bed")
    let state = CaptchaState(label: nil, challenge: qr, input: "BATHROOM-7", now: 1_000_000, width: 40, height: 12)
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines == [
        "",
        "   Reveille — solve to stop the alarm",
        "",
        "            Challenge 2 of 3",
        "",
        " Scan or type the code you placed away",
        "             from your bed",
        "",
        "Code: BATHROOM-7",
        "",
        "",
        " Ctrl-C leaves; the alarm keeps ringing",
    ])
    #expect(frame.cursor == CaptchaFrame.Position(row: 8, column: 16))
    #expect(!state.needsTicking)
}

@Test func longLabelIsCutAndLongPromptDropsBlankLinesThenLinesWithAMark() {
    let words = (1...30).map { "word\($0)" }.joined(separator: " ")
    let typing = CaptchaChallenge(index: 0, total: 1, kind: .typing, prompt: "Type: " + words)
    let state = CaptchaState(label: "A label far longer than forty columns can ever hold", challenge: typing,
                             now: 1_000_000, width: 40, height: 12)
    #expect(CaptchaScreen.render(state).lines == [
        "   Reveille — solve to stop the alarm",
        "A label far longer than forty columns c…",
        "",
        "            Challenge 1 of 1",
        "  Type: word1 word2 word3 word4 word5",
        " word6 word7 word8 word9 word10 word11",
        "   word12 word13 word14 word15 word16",
        "   word17 word18 word19 word20 word21",
        "   word22 word23 word24 word25 word26",
        "      word27 word28 word29 word30",
        "Text: ",
        " Ctrl-C leaves; the alarm keeps ringing",
    ])
    let longer = CaptchaChallenge(index: 0, total: 1, kind: .typing, prompt: "Type: " + words + " " + words)
    var cut = state
    cut.challenge = longer
    cut.status = .wrong
    #expect(CaptchaScreen.render(cut).lines == [
        "   Reveille — solve to stop the alarm",
        "A label far longer than forty columns c…",
        "            Challenge 1 of 1",
        "  Type: word1 word2 word3 word4 word5",
        " word6 word7 word8 word9 word10 word11",
        "   word12 word13 word14 word15 word16",
        "   word17 word18 word19 word20 word21",
        "   word22 word23 word24 word25 word26",
        "word27 word28 word29 word30 word1 word2…",
        "Text: ",
        "     Wrong — here is a new problem",
        " Ctrl-C leaves; the alarm keeps ringing",
    ])
}

@Test func labelWithEscapesAndBidiControlsCannotBreakTheLayout() {
    let math = CaptchaChallenge(index: 0, total: 1, kind: .math, prompt: "3 + 4 = ?")
    let state = CaptchaState(label: "\u{1B}[2J\u{202E}Gym\n\u{1B}]0;title\u{07}" + String(repeating: "界", count: 40), challenge: math,
                             now: 0, width: 40, height: 12)
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines[1] == "Gym 界界界界界界界界界界界界界界界界界…")
    #expect(frame.lines.count == 12)
    #expect(frame.lines.allSatisfy { DisplayWidth.of($0) <= 40 && !$0.contains("\u{1B}") })
}

@Test func wideCharactersTakeTwoColumnsWhenCuttingCentringAndWrapping() {
    let typing = CaptchaChallenge(index: 0, total: 1, kind: .typing, prompt: "入力: 日本語の文章をここに入力してくださいお願いします")
    let state = CaptchaState(label: "目覚まし時計の名前がとても長いのでここで切れます", challenge: typing,
                             input: "日本語", now: 0, width: 40, height: 12)
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines == [
        "",
        "   Reveille — solve to stop the alarm",
        "目覚まし時計の名前がとても長いのでここ…",
        "",
        "            Challenge 1 of 1",
        "",
        "入力: 日本語の文章をここに入力してくださ",
        "             いお願いします",
        "",
        "Text: 日本語",
        "",
        " Ctrl-C leaves; the alarm keeps ringing",
    ])
    #expect(frame.lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    #expect(frame.cursor == CaptchaFrame.Position(row: 9, column: 12))
}

@Test func typedTextLongerThanTheLineShowsItsEnd() {
    let qr = CaptchaChallenge(index: 0, total: 1, kind: .qr, prompt: "Type the code")
    let code = String(repeating: "0123456789", count: 5)
    let state = CaptchaState(label: nil, challenge: qr, input: code, now: 0, width: 40, height: 12)
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines[8] == "Code: …89012345678901234567890123456789")
    #expect(frame.cursor == CaptchaFrame.Position(row: 8, column: 39))
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

@Test func resizingRedrawsAtTheNewSize() {
    var state = mathState(width: 40, height: 12)
    state.apply(.resized(width: 80, height: 24))
    #expect(CaptchaScreen.render(state) == CaptchaScreen.render(mathState(width: 80, height: 24)))
}

@Test func everyLookKeepsTheProblemAsOnePlainLineThatScriptsCanRead() {
    for (width, height) in [(40, 12), (80, 24), (160, 50)] {
        for look in [CaptchaLook.color, .monochrome, .plain] {
            let lines = CaptchaScreen.render(mathState(width: width, height: height), look: look).lines
            #expect(lines.filter { $0.contains("= ?") }.map { $0.trimmingPrefix(while: { $0 == " " }) } == ["7 × 12 − 45 = ?"])
        }
    }
}

@Test func lookFollowsTermAndNoColor() {
    #expect(CaptchaLook(environment: ["TERM": "xterm-256color"]) == .color)
    #expect(CaptchaLook(environment: ["TERM": "xterm", "NO_COLOR": "1"]) == .monochrome)
    #expect(CaptchaLook(environment: ["TERM": "xterm", "NO_COLOR": ""]) == .color)
    #expect(CaptchaLook(environment: ["TERM": "dumb"]) == .plain)
    #expect(CaptchaLook(environment: ["TERM": "dumb", "NO_COLOR": "1"]) == .plain)
}

@Test func beforeTheFirstChallengeTheScreenSaysItIsLoadingAndWhyItWaits() {
    let state = CaptchaState(label: "Work", status: .unreachable, now: 0, width: 40, height: 12)
    #expect(CaptchaScreen.render(state).lines == [
        "",
        "",
        "   Reveille — solve to stop the alarm",
        "                  Work",
        "",
        "         Loading the challenge…",
        "",
        "   Cannot reach the agent, retrying…",
    ] + blank(3) + [
        " Ctrl-C leaves; the alarm keeps ringing",
    ])
}

@Test func dismissedAlarmShowsOnlyTheLastMessageInGreen() {
    var state = mathState(width: 40, height: 12)
    state.apply(.answered(.dismissed, next: nil))
    let frame = CaptchaScreen.render(state)
    #expect(frame.lines == [
        "",
        "   Reveille — solve to stop the alarm",
        "            Work — weekdays",
        "",
        "            Challenge 1 of 3",
        "",
        "            7 × 12 − 45 = ?",
        "",
        "     Alarm dismissed. Good morning!",
    ] + blank(3))
    #expect(styled(frame) == [2: .bold, 6: .bold, 8: .green])
    #expect(frame.cursor == nil)
}

@Test func ansiDrawAddressesAndClearsEveryRowThenPlacesTheCursor() {
    let frame = CaptchaFrame(lines: ["ab", "", "c"], cursor: CaptchaFrame.Position(row: 2, column: 1))
    #expect(CaptchaANSI.draw(frame) == "\u{1B}[?25l\u{1B}[1;1H\u{1B}[2Kab\u{1B}[2;1H\u{1B}[2K\u{1B}[3;1H\u{1B}[2Kc\u{1B}[3;2H\u{1B}[?25h")
    let hidden = CaptchaFrame(lines: ["x"], cursor: nil)
    #expect(CaptchaANSI.draw(hidden) == "\u{1B}[?25l\u{1B}[1;1H\u{1B}[2Kx")
    let styled = CaptchaFrame(lines: ["x", "y"], styles: [.bold, .yellow], cursor: nil)
    #expect(CaptchaANSI.draw(styled) == "\u{1B}[?25l\u{1B}[1;1H\u{1B}[2K\u{1B}[1mx\u{1B}[0m\u{1B}[2;1H\u{1B}[2K\u{1B}[1;33my\u{1B}[0m")
}
