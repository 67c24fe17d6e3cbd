import ArgumentParser
import ReveilleText

/// `reveille code`: the cards whose code, placed in another room, stops an alarm (`card:LABEL`).
struct Code: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Make, list and remove code cards for the challenge card:LABEL.")),
        discussion: CLILocale.text(Message("A code card holds a random code, printed as a QR code and in letters. Put it away from your bed; an alarm with --challenge card:LABEL stops only once its code is scanned or typed. The agent keeps only a salted hash of the code: it is shown once, when the card is made.")),
        subcommands: [CodeNew.self, CodeList.self, CodeRemove.self]
    )
}
