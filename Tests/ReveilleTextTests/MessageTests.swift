import ReveilleText
import Testing

@Suite struct MessageEnglishTests {
    @Test func placeholdersAreFilled() {
        #expect(Message("Missed alarm: {label}", ["label": "Work"]).english == "Missed alarm: Work")
        #expect(Message("{a} then {b} then {a}", ["a": "1", "b": "2"]).english == "1 then 2 then 1")
        #expect(Message("Snooze").english == "Snooze")
    }

    @Test func aPlaceholderWithoutArgumentStaysAsWritten() {
        #expect(Message("Missed alarm: {label}").english == "Missed alarm: {label}")
    }

    @Test func anArgumentWithoutPlaceholderIsIgnored() {
        #expect(Message("Snooze", ["label": "Work"]).english == "Snooze")
    }

    @Test func argumentsAreFilledOnceNotExpandedAgain() {
        #expect(Message("Alarm {label}", ["label": "{label} {time}", "time": "7"]).english == "Alarm {label} {time}")
    }

    @Test func onlyLowercaseNamesArePlaceholders() {
        let message = Message("{Label} {x1} {} {a_b} { a} {{a_b}}", ["Label": "L", "x1": "X", "a_b": "ok"])
        #expect(message.english == "{Label} {x1} {} ok { a} {ok}")
    }

    @Test func theContextDoesNotShowInEnglish() {
        let message = Message(context: "button", "Snooze")
        #expect(message.english == "Snooze")
        #expect(message.context == "button")
        #expect(message != Message("Snooze"))
    }

    @Test func englishPluralIsOneForOneAndOtherForTheRest() {
        func left(_ n: Int) -> String {
            Message(one: "{count} snooze left", other: "{count} snoozes left", count: n).english
        }
        #expect(left(1) == "1 snooze left")
        #expect(left(0) == "0 snoozes left")
        #expect(left(2) == "2 snoozes left")
        #expect(left(-1) == "-1 snoozes left")
    }

    @Test func anExplicitCountArgumentWinsOverTheCount() {
        let message = Message(one: "{count} alarm", other: "{count} alarms", count: 1000, ["count": "1,000"])
        #expect(message.english == "1,000 alarms")
    }

    @Test func messagesNestInsideMessages() {
        let inner = Message(one: "in {count} minute", other: "in {count} minutes", count: 5)
        #expect(Message("rings {in} ({time})", ["time": "07:00"], messages: ["in": inner]).english
            == "rings in 5 minutes (07:00)")
    }

    @Test func verbatimTextPassesThrough() {
        #expect(Message.verbatim("{label} 100%").english == "{label} 100%")
    }

    @Test func placeholdersAreListedInOrder() {
        #expect(Message.placeholders(in: "{a} x {b_c} {a} {No} {}") == ["a", "b_c", "a"])
    }
}
