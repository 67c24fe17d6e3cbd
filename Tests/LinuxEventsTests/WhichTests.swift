import Foundation
import LinuxEvents
import Testing

@Suite struct WhichTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        let files = FileManager.default
        _ = files.createFile(atPath: directory.file("runnable"), contents: Data("#!/bin/sh\n".utf8),
                             attributes: [.posixPermissions: 0o755])
        _ = files.createFile(atPath: directory.file("plain"), contents: nil, attributes: [.posixPermissions: 0o644])
        try files.createDirectory(atPath: directory.file("folder"), withIntermediateDirectories: false,
                                  attributes: [.posixPermissions: 0o755])
    }

    @Test func findsTheFirstMatchAlongThePath() {
        #expect(Spawner.which("runnable", path: "/nonexistent:\(directory.path):/usr/bin") == directory.file("runnable"))
        #expect(Spawner.which("sh", path: "/nonexistent:/usr/bin/:/bin") == "/usr/bin/sh")
    }

    @Test(arguments: ["plain", "folder", "missing", ""])
    func skipsWhatCannotBeExecuted(name: String) {
        #expect(Spawner.which(name, path: directory.path) == nil)
    }

    @Test func checksANameWithASlashAsItIs() {
        #expect(Spawner.which(directory.file("runnable"), path: "") == directory.file("runnable"))
        #expect(Spawner.which(directory.file("plain"), path: "/usr/bin") == nil)
    }

    /// Changes the process's working directory for a moment: `make test` runs tests one at a time.
    @Test func readsAnEmptyPathEntryAsTheCurrentDirectory() throws {
        let files = FileManager.default
        let previous = files.currentDirectoryPath
        #expect(files.changeCurrentDirectoryPath(directory.path))
        defer { _ = files.changeCurrentDirectoryPath(previous) }
        #expect(Spawner.which("runnable", path: "/nonexistent:") == "./runnable")
        #expect(Spawner.which("runnable", path: "/nonexistent") == nil)
        #expect(Spawner.which("plain", path: "") == nil)
    }
}
