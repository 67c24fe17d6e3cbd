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

    @Test func readsAnEmptyPathEntryAsTheCurrentDirectory() {
        // FileManager's current directory is the process's, which `access` resolves against.
        let here = FileManager.default.currentDirectoryPath
        let expected = FileManager.default.isExecutableFile(atPath: here + "/Package.swift") ? "./Package.swift" : nil
        #expect(Spawner.which("Package.swift", path: "/nonexistent:") == expected)
    }
}
