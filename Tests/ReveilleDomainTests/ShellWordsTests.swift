import ReveilleDomain
import Testing

@Suite struct ShellWordsTests {
    @Test(arguments: [
        ("", []),
        ("   \t\n ", []),
        ("xterm -e", ["xterm", "-e"]),
        ("gnome-terminal --", ["gnome-terminal", "--"]),
        ("  kitty   --hold\t-e  ", ["kitty", "--hold", "-e"]),
        (#""my term" -x"#, ["my term", "-x"]),
        (#"a"b c"d"#, ["ab cd"]),
        ("a'b c'd", ["ab cd"]),
        ("'' \"\"", ["", ""]),
        ("a''b", ["ab"]),
        ("'a \"b\" \\c $d'", ["a \"b\" \\c $d"]),
        (#""a \"b\" \\ \$ \` \q""#, [#"a "b" \ $ ` \q"#]),
        ("\"line\\\ncontinued\"", ["linecontinued"]),
        ("a\\ b c", ["a b", "c"]),
        ("\\'quoted\\'", ["'quoted'"]),
        ("word\\\nmore", ["wordmore"]),
        ("trailing\\", ["trailing\\"]),
        ("\"multi\nline\"", ["multi\nline"]),
    ] as [(String, [String])])
    func splitsLikeAPosixShell(line: String, words: [String]) throws {
        #expect(try ShellWords.split(line) == words)
    }

    @Test(arguments: [
        "$HOME", "${HOME}", "$(id)", "$((1+1))", "`id`", "*.txt", "~", "~/bin", "a;b", "a|b", "a&&b", "#comment", "<in", ">out",
    ])
    func leavesExpansionAndOperatorCharactersLiteral(word: String) throws {
        #expect(try ShellWords.split("run \(word)") == ["run", word])
    }

    @Test func expandsNothingInsideDoubleQuotes() throws {
        #expect(try ShellWords.split(#""$HOME $(id) `id` *""#) == ["$HOME $(id) `id` *"])
    }

    @Test func reportsWhereAnUnterminatedSingleQuoteOpened() {
        #expect(throws: ShellWords.SyntaxError.unterminatedSingleQuote(at: 6)) { try ShellWords.split("xterm 'oops") }
    }

    @Test func reportsWhereAnUnterminatedDoubleQuoteOpened() {
        #expect(throws: ShellWords.SyntaxError.unterminatedDoubleQuote(at: 2)) { try ShellWords.split(#"a "b"#) }
        #expect(throws: ShellWords.SyntaxError.unterminatedDoubleQuote(at: 0)) { try ShellWords.split(#""ends in \"#) }
    }

    @Test func aSingleQuoteInsideDoubleQuotesDoesNotOpenAQuote() throws {
        #expect(try ShellWords.split(#""it's" fine"#) == ["it's", "fine"])
    }

    @Test func syntaxErrorMessagesCountCharactersFromOne() {
        #expect(ShellWords.SyntaxError.unterminatedSingleQuote(at: 6).description
            == "the single quote at character 7 is never closed")
    }
}
