// Texts handed to user-facing sinks: scripts/po/extract.py --lint must report exactly the lines
// whose comment says expect-lint, and none that po/lint-allow.txt allows.
import ReveilleText

func cli(id: String, error: Error, json: String, lines: [String], full: Bool) throws {
    print("Alarm \(id) removed")  // expect-lint
    print(Message("Alarm {id} removed", ["id": id]).english)
    print(json)
    print("")
    print("\(id)\t\(json)")
    print(lines.joined(separator: "\n"))
    print("{\"id\": \"\(id)\"}")  // allowed in po/lint-allow.txt: machine output
    throw CLIError(.unreachable, "cannot reach the session bus: \(error)")  // expect-lint
    throw CLIError(.failed, full ? "the disk is full" : "read-only")  // expect-lint
    throw CLIError.usage("give a time")  // expect-lint
    throw .failed(
        "the agent sent an unexpected answer")  // expect-lint
    _ = NoticeAction(label: "Undo") { }  // expect-lint
    printError("cannot reach the agent")  // expect-lint
    printError("reveille: \(id)")  // allowed in po/lint-allow.txt: the program's name
    _ = String(localized: "not a sink")
}

func print(_ text: String, to: Int) {}
