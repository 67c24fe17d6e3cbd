import ArgumentParser
import DBus
import Glibc
import QRCode
import ReveilleAPI
import ReveilleDomain
import ReveilleText

struct CodeNew: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: CLILocale.text(Message("Make a card: print its code and QR code, and write it as an SVG file to print.")))

    @Option(help: .text(Message("The card's name, as card:LABEL names it: letters, digits, spaces, '-', '_', '.'.")))
    var label: String

    @Option(help: .text(Message("Where to write the SVG (default: reveille-card-LABEL.svg in the current directory). An existing file is never overwritten.")))
    var output: String?

    func run() async throws {
        if let problem = CardCode.labelProblem(label) { throw CLIError.usage(problem) }
        let path = output ?? "reveille-card-\(label).svg"
        // The file first: a card whose file cannot be written is not made.
        let file: PrivateFile
        do { file = try PrivateFile(creating: path) } catch {
            throw error.code == EEXIST ? CLIError.failed(Message("{path} exists already: remove it or choose another --output", ["path": path]))
                : CLIError.failed("\(error)")
        }
        let code: String
        do {
            let client = try AgentClient.connect()
            guard let reply = try await client.call(.addCard, [.string(label)]).first?.stringValue else {
                throw client.unexpectedAnswer("AddCard")
            }
            code = reply
        } catch {
            file.discard()
            throw error
        }
        let matrix = try? QRMatrix.encode(code)
        if let matrix {
            print(CardArt.terminal(matrix))
            print()
        }
        print(CardArt.largeText(code))
        print()
        print(CLILocale.text(Message("Code: {code}", ["code": code])))
        do {
            guard let matrix else { throw CLIError.failed(Message("cannot draw the card's QR code")) }
            try file.write(CardArt.svg(matrix, label: label, code: code))
        } catch {
            throw CLIError.failed(Message("card '{label}' was made, but {path} could not be written ({error}); the code above is shown only this once",
                                          ["label": label, "path": path, "error": "\(error)"]))
        }
        print(CLILocale.text(Message("Card: {path} (print it and put it away from your bed; the code is not shown again)", ["path": path])))
        let challenge = "card:\(label)"
        printError(CLILocale.text(Message("Use it with: reveille add TIME --challenge {challenge}",
                                          ["challenge": label.contains(" ") ? "'\(challenge)'" : challenge])))
    }
}
