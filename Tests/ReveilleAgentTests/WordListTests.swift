import Foundation
@testable import ReveilleAgent
import ReveilleCore
import ReveilleModel
import Testing

/// The typing challenge always has words: compiled in, with `words.txt` as an optional override.
@Suite struct WordListTests {
    static let shippedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../data/words.txt").standardized.path

    /// Loads the word list as the agent does, with REVEILLE_DATADIR pointing at `directory`.
    func wordList(in directory: String) -> [String] {
        AgentPaths(environment: ["HOME": "/nonexistent", "REVEILLE_DATADIR": directory], executablePath: "/usr/bin/reveilled")
            .loadWordList()
    }

    func withDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-words-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }

    @Test func theBuiltInListIsTheShippedWordsFile() throws {
        let text = try String(contentsOfFile: Self.shippedFile, encoding: .utf8)
        #expect(BuiltInWords.list == BuiltInWords.parse(text))
        #expect(BuiltInWords.list.count >= BuiltInWords.minimumCount)
    }

    @Test func withoutAWordsFileTheBuiltInListIsUsed() throws {
        try withDirectory { directory in
            #expect(wordList(in: directory) == BuiltInWords.list)
            #expect(wordList(in: directory + "/no/such/dir") == BuiltInWords.list)
        }
    }

    @Test func aWordsFileOverridesTheBuiltInList() throws {
        try withDirectory { directory in
            let words = (1...25).map { "word\($0)" }
            try ("# mine\n" + words.joined(separator: "\n") + "\n").write(toFile: directory + "/words.txt", atomically: true, encoding: .utf8)
            #expect(wordList(in: directory) == words)
        }
    }

    @Test func aTooShortWordsFileFallsBackToTheBuiltInList() throws {
        try withDirectory { directory in
            try "one\ntwo\nthree\n".write(toFile: directory + "/words.txt", atomically: true, encoding: .utf8)
            #expect(wordList(in: directory) == BuiltInWords.list)
        }
    }

    @Test func anUnreadableWordsFileFallsBackToTheBuiltInList() throws {
        try withDirectory { directory in
            // A directory in place of the file: open succeeds, read fails, even for root.
            try FileManager.default.createDirectory(atPath: directory + "/words.txt", withIntermediateDirectories: false)
            #expect(wordList(in: directory) == BuiltInWords.list)
        }
    }
}
