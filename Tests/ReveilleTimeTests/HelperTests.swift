import ReveilleTime
import Testing

@Test func trimmingBlanksDropsSpacesTabsAndCarriageReturnsAtBothEndsOnly() {
    #expect(" \t key = a b \r".trimmingBlanks() == "key = a b")
    #expect(" \t\r ".trimmingBlanks() == "")
    #expect("".trimmingBlanks() == "")
    #expect("a\u{00A0}".trimmingBlanks() == "a\u{00A0}")  // not a blank in a config file
}

@Test func zeroPaddedFillsToTheWidthAndNeverCuts() {
    #expect("7".zeroPadded(to: 2) == "07")
    #expect("fffe".zeroPadded(to: 4) == "fffe")
    #expect("12345".zeroPadded(to: 4) == "12345")
    #expect("".zeroPadded(to: 3) == "000")
}

@Test func wholeMillisecondsAndMicrosecondsRoundTowardZero() {
    #expect(Duration.milliseconds(1500).wholeMilliseconds == 1500)
    #expect(Duration.microseconds(1999).wholeMilliseconds == 1)
    #expect(Duration.nanoseconds(-1500).wholeMicroseconds == -1)
    #expect(Duration.seconds(3).wholeMicroseconds == 3_000_000)
    #expect(Duration.nanoseconds(999).wholeMicroseconds == 0)
    #expect(Duration.microseconds(300).wholeNanoseconds == 300_000)
    #expect(Duration.seconds(2).wholeNanoseconds == 2_000_000_000)
}

@Test func wholeMillisecondsSaturateInsteadOfTrapping() {
    // A "never" timeout written as a huge duration must not crash the agent on its way to a C call.
    let huge = Duration.seconds(Int64.max / 10)
    #expect(huge.wholeMilliseconds == .max)
    #expect(huge.wholeNanoseconds == .max)
    #expect((.zero - huge).wholeMilliseconds == .min)
    #expect(huge.wholeMicroseconds == .max)
}

@Test func trimmingBlanksTakesTheBlanksItIsGiven() {
    #expect("\t5 \r".trimmingBlanks([" ", "\t"]) == "5 \r")
}
