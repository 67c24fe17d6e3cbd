import Dispatch
import Foundation
@testable import LinuxEvents
import Testing
import SystemSupport

@Suite struct FileWatchTests {
    let queue = DispatchQueue(label: "FileWatchTests")
    let directory: TemporaryDirectory
    let files = FileManager.default

    init() throws {
        directory = try TemporaryDirectory()
        try "zone A".write(toFile: directory.file("zone-a"), atomically: false, encoding: .utf8)
        try "zone B".write(toFile: directory.file("zone-b"), atomically: false, encoding: .utf8)
        try files.createSymbolicLink(atPath: directory.file("localtime"), withDestinationPath: "zone-a")
    }

    private func watchLocaltime() throws -> (FileWatch, Recorder<Int>) {
        let calls = Recorder<Int>()
        let watch = try FileWatch(path: directory.file("localtime"), queue: queue) { calls.record(1) }
        return (watch, calls)
    }

    @Test func firesWhenTheSymlinkIsRetargetedByRenamingOverIt() async throws {
        let (watch, calls) = try watchLocaltime()
        // What `ln -sfn` with a temporary name, and timedated, do: a new link renamed over the old.
        try files.createSymbolicLink(atPath: directory.file("localtime.new"), withDestinationPath: "zone-b")
        #expect(rename(directory.file("localtime.new"), directory.file("localtime")) == 0)
        #expect(await calls.waitFor(count: 1).count >= 1)
        #expect(try files.destinationOfSymbolicLink(atPath: directory.file("localtime")) == "zone-b")
        withExtendedLifetime(watch) {}
    }

    @Test func firesWhenTheSymlinkIsRemovedAndRecreated() async throws {
        let (watch, calls) = try watchLocaltime()
        try files.removeItem(atPath: directory.file("localtime"))
        try files.createSymbolicLink(atPath: directory.file("localtime"), withDestinationPath: "zone-b")
        #expect(await calls.waitFor(count: 1).count >= 1)
        withExtendedLifetime(watch) {}
    }

    @Test func firesWhenAPlainFileIsReplaced() async throws {
        try files.removeItem(atPath: directory.file("localtime"))
        try "TZif old".write(toFile: directory.file("localtime"), atomically: false, encoding: .utf8)
        let (watch, calls) = try watchLocaltime()
        // `atomically: true` writes a temporary file and renames it over the target.
        try "TZif new".write(toFile: directory.file("localtime"), atomically: true, encoding: .utf8)
        #expect(await calls.waitFor(count: 1).count >= 1)
        withExtendedLifetime(watch) {}
    }

    @Test func ignoresOtherNamesInTheDirectory() async throws {
        let (watch, calls) = try watchLocaltime()
        try "x".write(toFile: directory.file("localtime.bak"), atomically: true, encoding: .utf8)
        try files.createSymbolicLink(atPath: directory.file("other"), withDestinationPath: "zone-b")
        try files.removeItem(atPath: directory.file("zone-a"))
        try await Task.sleep(for: .seconds(1))
        #expect(calls.values.isEmpty)
        withExtendedLifetime(watch) {}
    }

    @Test func refusesAPathWhoseDirectoryDoesNotExist() {
        #expect(throws: SystemError.self) {
            try FileWatch(path: directory.file("missing/localtime"), queue: queue) {}
        }
    }

    @Test func decodesPackedEventRecords() {
        var bytes: [UInt8] = []
        for (mask, name) in [(UInt32(0x100), "localtime"), (UInt32(0x4000), "")] {
            let padded = name.isEmpty ? [] : Array(name.utf8) + [UInt8](repeating: 0, count: 16 - name.utf8.count)
            for field in [UInt32(1), mask, 0, UInt32(padded.count)] { withUnsafeBytes(of: field) { bytes += $0 } }
            bytes += padded
        }
        #expect(FileWatch.parse(bytes[...]) == [
            FileWatch.Change(name: "localtime", mask: 0x100), FileWatch.Change(name: "", mask: 0x4000),
        ])
    }

    @Test func anOverflowConcernsEveryName() {
        #expect(FileWatch.Change(name: "", mask: 0x4000).concerns("localtime"))
        #expect(!FileWatch.Change(name: "localtime.bak", mask: 0x100).concerns("localtime"))
    }

    @Test(arguments: [
        ("/etc/localtime", "/etc", "localtime"), ("/localtime", "/", "localtime"), ("localtime", ".", "localtime"),
    ])
    func splitsAPathIntoDirectoryAndName(path: String, directory: String, name: String) {
        #expect(FileWatch.split(path) == (directory, name))
    }
}
