import Foundation

/// Records what the session's null sink plays, with `parecord -d testsink.monitor`, into a WAV file.
final class Recording {
    let path: String
    private let parecord: ChildProcess

    init(_ session: PulseSession, name: String = "rec") throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-\(UUID().uuidString).wav").path
        parecord = try ChildProcess(
            "/usr/bin/parecord", ["--latency-msec=20", "-d", "testsink.monitor", "--file-format=wav", path],
            environment: session.environment
        )
    }

    /// Waits until parecord has written audio, so what plays from now on is recorded even when a
    /// busy machine starts parecord slowly. The null sink's monitor delivers zeros while idle.
    func waitUntilLive() async throws {
        let header = 44
        for _ in 0..<250 {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if size > header { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw RecorderNeverStarted(path: path)
    }

    struct RecorderNeverStarted: Error { let path: String }

    /// Ends the recording; parecord completes the WAV file on SIGINT.
    func finish() {
        parecord.interruptAndWait()
    }

    deinit {
        finish()
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Measurements by `sox FILE -n [trim START LENGTH] stat`.
enum Sox {
    struct Stat {
        /// Seconds of audio in the measured span; 0 when it holds no samples.
        let length: Double
        /// RMS amplitude; 0 when there are no samples.
        let rms: Double
    }

    static func stat(_ path: String, from start: Double? = nil, length: Double? = nil) throws -> Stat {
        var arguments = [path, "-n"]
        if let start { arguments += ["trim", String(format: "%.3f", start)] + (length.map { [String(format: "%.3f", $0)] } ?? []) }
        return parse(try soxStat(arguments + ["stat"]))
    }

    /// Seconds from the start of the recording to the first audible sample.
    static func onset(_ path: String) throws -> Double {
        let total = try stat(path).length
        let afterLeadingSilence = parse(try soxStat([path, "-n", "silence", "1", "0.001", "0.05%", "stat"])).length
        return total - afterLeadingSilence
    }

    /// sox writes `stat` to standard error.
    private static func soxStat(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    private static func parse(_ text: String) -> Stat {
        func value(_ label: String) -> Double {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(label) }),
                  let number = Double(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)),
                  number.isFinite
            else { return 0 }
            return number
        }
        return Stat(length: value("Length (seconds)"), rms: value("RMS     amplitude"))
    }
}
