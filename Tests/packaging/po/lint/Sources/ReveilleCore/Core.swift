// The agent's sinks: notices, refusals, AgentError's messages.
func core(label: String, notifier: Notifier) throws {
    notifier.notice(summary: "Missed alarm: \(label)", body: "It rang while the agent was stopped.")  // expect-lint
    notifier.notice(summary: Message("Missed alarm: {label}", ["label": label]), body: Message("Rang"))
    print("a log line goes to the journal, not to a reader: print is a sink only in ReveilleCLI")
    throw .invalidArgument("key 'label' is too long")  // expect-lint
    throw Refusal("the alarm is disabled")  // expect-lint
    _ = TrayMenuItem(key: .noAlarm, label: "Skip next")  // expect-lint
    _ = ReadOnlyDatabase(reason: "the disk is full", diskFull: true)  // expect-lint
    _ = WakeStatus.WhyNot.unreachable("there is no system bus")  // expect-lint
    _ = Message.verbatim("an English sentence")  // expect-lint
    _ = Message.verbatim("\(label)")
    throw ConfigError(at, "unknown key")  // expect-lint
    throw AgentError.notFound(label)
    throw ZoneError("not a sink: its text is a log line")
}
