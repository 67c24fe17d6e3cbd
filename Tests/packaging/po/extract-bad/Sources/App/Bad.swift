// Message( calls the extractor must refuse, each with its file and line: the lines whose comment
// says expect-error, and the line after each comment that says expect-error-next.
import ReveilleText

func bad(alarm: String, template: StaticString, n: Int) -> [Message] {
    [
        Message("Missed alarm: \(alarm)"),  // expect-error: interpolation
        Message(template),  // expect-error: a variable
        Message("Missed " + "alarm"),  // expect-error: concatenation
        Message(#"raw \d"#),  // expect-error: raw literal
        // expect-error-next: a multi-line literal
        Message("""
            two lines
            """),
        Message(context: "button", template),  // expect-error: a variable after context:
        Message(one: "{count} left", count: n),  // expect-error: one: without other:
        Message(one: "{count} left", other: "{count} left" + "s", count: n),  // expect-error: concatenation in other:
        Message(""),  // expect-error: empty
        Message.init("Snooze"),  // expect-error: .init
        Message("Snooze {count}", ["count": String(n)]),
        Message(one: "Snooze {count}", other: "Snoozes {count}", count: n),  // expect-error: a second plural
        Message("Missed alarm: {label}"),  // expect-error: no argument for {label}
        Message("Missed alarm: {label}", ["label": alarm, "time": alarm]),  // expect-error: {time} shown nowhere
        Message("Missed alarm: {label}", ["lable": alarm]),  // expect-error: a misspelt key
        Message("Good: this one is fine"),
    ]
}
