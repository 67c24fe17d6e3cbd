import Foundation
import ReveilleAgent
import Testing

@Suite struct TerminalCommandTests {
    /// A PATH directory with fake terminals in it.
    func path(with programs: [String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-path-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for program in programs {
            _ = FileManager.default.createFile(atPath: directory + "/" + program, contents: Data("#!/bin/sh\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
        }
        return directory
    }

    @Test func theEnvironmentVariableWinsAndIsSplitLikeAShellWouldWithoutRunningOne() throws {
        let bin = try path(with: ["my term", "xterm"])
        let command = TerminalCommand(configured: "xterm -e")
        let prefix = try command.resolve(environment: ["PATH": bin, "REVEILLE_TERMINAL": "'my term' --title \"$(rm -rf /)\" -x"])
        #expect(prefix == [bin + "/my term", "--title", "$(rm -rf /)", "-x"])
    }

    @Test func theConfiguredTerminalComesNextThenTheFirstInstalledCandidate() throws {
        let bin = try path(with: ["konsole", "xterm"])
        #expect(try TerminalCommand(configured: "xterm -e").resolve(environment: ["PATH": bin]) == [bin + "/xterm", "-e"])
        #expect(try TerminalCommand(configured: nil).resolve(environment: ["PATH": bin]) == [bin + "/konsole", "-e"])
    }

    @Test func noTerminalOrAnUnusableSettingIsAClearError() throws {
        let bin = try path(with: [])
        #expect(throws: TerminalError.notFound) { try TerminalCommand(configured: nil).resolve(environment: ["PATH": bin]) }
        #expect(throws: TerminalError.self) {
            try TerminalCommand(configured: nil).resolve(environment: ["PATH": bin, "REVEILLE_TERMINAL": "'unterminated"])
        }
        #expect(throws: TerminalError.self) {
            try TerminalCommand(configured: "nosuchterm -e").resolve(environment: ["PATH": bin])
        }
    }
}
