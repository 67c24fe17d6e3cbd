import Foundation
@testable import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import Testing

/// The typing challenge always has words: English compiled in, a file per language in `words/`, and
/// every language without a usable file falling back to English.
@Suite struct WordListTests {
    static let shippedDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../data/words").standardized.path

    /// The languages of the shipped lists: every `data/words/LL.txt`, so that a new one is checked too.
    static let shippedLanguages: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: shippedDirectory)) ?? [])
        .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()

    /// Loads the word lists as the agent does, with REVEILLE_DATADIR pointing at `directory`.
    func wordLists(in directory: String) -> WordLists {
        AgentPaths(environment: ["HOME": "/nonexistent", "REVEILLE_DATADIR": directory], executablePath: "/usr/bin/reveilled")
            .loadWordLists()
    }

    func withDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-words-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/words", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }

    func write(_ words: [String], to file: String) throws {
        try ("# a list\n\n" + words.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }

    static let german = (1...25).map { "wört\($0)" }

    @Test func theBuiltInListIsTheShippedEnglishFile() throws {
        let text = try String(contentsOfFile: Self.shippedDirectory + "/en.txt", encoding: .utf8)
        #expect(BuiltInWords.list == BuiltInWords.parse(text))
    }

    /// Issue 24 §2: at least 300 common words of 4 to 8 letters, lower-case, each once, and no two the
    /// same once folded (the check could not tell them apart).
    @Test func theFourLanguagesHaveLists() {
        #expect(Set(Self.shippedLanguages).isSuperset(of: ["en", "de", "fr", "es"]))
    }

    @Test(arguments: shippedLanguages)
    func eachShippedListKeepsTheRules(language: String) throws {
        let text = try String(contentsOfFile: Self.shippedDirectory + "/\(language).txt", encoding: .utf8)
        let words = BuiltInWords.parse(text)
        #expect(words.count >= 300)
        for word in words {
            #expect((4...8).contains(word.count), "\(word): \(word.count) letters")
            #expect(word.allSatisfy { $0.isLetter }, "\(word): not only letters")
            #expect(word == word.lowercased(), "\(word): not lower-case")
            #expect(word.unicodeScalars.allSatisfy { $0.properties.generalCategory != .nonspacingMark }, "\(word): not composed")
            if language == "en" { #expect(word.allSatisfy { $0.isASCII }, "\(word): not ASCII") }
        }
        let folded = Dictionary(grouping: words, by: { TypingFold.fold($0) }).filter { $0.value.count > 1 }
        #expect(folded.isEmpty, "the same once folded: \(folded.values.sorted { $0[0] < $1[0] })")
        #expect(text.hasPrefix("# "), "a header says how the list was made")
    }

    @Test func theShippedListsLoadByLanguage() {
        let lists = wordLists(in: Self.shippedDirectory + "/..")
        #expect(lists.english == BuiltInWords.list)
        #expect(Set(lists.byLanguage.keys) == Set(Self.shippedLanguages).subtracting(["en"]))
        #expect(lists.words(for: ["fr_FR.UTF-8"]).contains("être"))
        #expect(lists.words(for: ["de_DE.UTF-8"]).contains("schön"))
        #expect(lists.words(for: ["es_ES.UTF-8"]).contains("mañana"))
    }

    @Test func withoutWordFilesTheBuiltInEnglishListServesEveryLanguage() throws {
        try withDirectory { directory in
            #expect(wordLists(in: directory) == WordLists(english: BuiltInWords.list))
            #expect(wordLists(in: directory + "/no/such/dir") == WordLists(english: BuiltInWords.list))
            #expect(wordLists(in: directory).words(for: ["de"]) == BuiltInWords.list)
        }
    }

    @Test func aLanguageFileIsReadAndALanguageWithoutOneIsEnglish() throws {
        try withDirectory { directory in
            try write(Self.german, to: directory + "/words/de.txt")
            let lists = wordLists(in: directory)
            #expect(lists.words(for: ["de_AT.UTF-8@euro", "en"]) == Self.german)
            #expect(lists.words(for: ["it", "de"]) == Self.german)
            #expect(lists.words(for: ["it"]) == BuiltInWords.list)
            #expect(lists.words(for: ["en", "de"]) == BuiltInWords.list)
            #expect(lists.words(for: ["C.UTF-8"]) == BuiltInWords.list)
            #expect(lists.words(for: []) == BuiltInWords.list)
        }
    }

    @Test func aCountryListIsPreferredToItsLanguageList() throws {
        try withDirectory { directory in
            let brazilian = (1...25).map { "palavra\($0)" }
            try write(Self.german, to: directory + "/words/pt.txt")
            try write(brazilian, to: directory + "/words/pt_BR.txt")
            let lists = wordLists(in: directory)
            #expect(lists.words(for: ["pt_BR.UTF-8"]) == brazilian)
            #expect(lists.words(for: ["pt_PT.UTF-8"]) == Self.german)
        }
    }

    @Test func theEnglishFileOverridesTheBuiltInList() throws {
        try withDirectory { directory in
            let words = (1...25).map { "word\($0)" }
            try write(words, to: directory + "/words/en.txt")
            try write(Self.german, to: directory + "/words.txt")
            #expect(wordLists(in: directory).english == words)
        }
    }

    /// `words.txt` was the one list before languages: an admin's replacement of it still counts.
    @Test func theOldWordsFileIsEnglishWhenThereIsNoEnglishFile() throws {
        try withDirectory { directory in
            let words = (1...25).map { "word\($0)" }
            try write(words, to: directory + "/words.txt")
            #expect(wordLists(in: directory).english == words)
        }
    }

    @Test func aTooShortListIsNotUsed() throws {
        try withDirectory { directory in
            try "one\ntwo\nthree\n".write(toFile: directory + "/words/en.txt", atomically: true, encoding: .utf8)
            try "eins\nzwei\ndrei\n".write(toFile: directory + "/words/de.txt", atomically: true, encoding: .utf8)
            #expect(wordLists(in: directory) == WordLists(english: BuiltInWords.list))
        }
    }

    @Test func anUnreadableListIsNotUsed() throws {
        try withDirectory { directory in
            // A directory in place of the file: open succeeds, read fails, even for root.
            try FileManager.default.createDirectory(atPath: directory + "/words/en.txt", withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: directory + "/words/fr.txt", withIntermediateDirectories: false)
            #expect(wordLists(in: directory) == WordLists(english: BuiltInWords.list))
        }
    }

    @Test func filesThatAreNotListsAreIgnored() throws {
        try withDirectory { directory in
            try write(Self.german, to: directory + "/words/de.txt~")
            try write(Self.german, to: directory + "/words/README")
            try write(Self.german, to: directory + "/words/de-1.txt")
            #expect(wordLists(in: directory).byLanguage.isEmpty)
        }
    }
}
