import Foundation
import Sound
import Testing

@Suite struct ServerTests {
    @Test func probeNamesTheServerAndItsDefaultSink() async throws {
        try await withPulseSession { session in
            let info = try SoundPlayer.probe(serverAddress: session.serverAddress, applicationName: "SoundTests")
            #expect(info.serverName == "pulseaudio")
            #expect(info.defaultSinkName == "testsink")
        }
    }

    @Test func probeFailsCleanlyWithoutAServer() {
        do {
            _ = try SoundPlayer.probe(serverAddress: "unix:/nonexistent/pulse/native", applicationName: "SoundTests")
            Issue.record("probe succeeded without a server")
        } catch {
            #expect(error.kind == .unreachable)
            #expect(error.description.contains("cannot reach the sound server"))
        }
    }

    @Test func probeGivesUpOnAServerThatNeverAnswers() throws {
        let hung = try SilentServer()
        do {
            _ = try SoundPlayer.probe(serverAddress: hung.address, applicationName: "SoundTests", timeout: .milliseconds(300))
            Issue.record("probe succeeded against a silent socket")
        } catch {
            #expect(error.kind == .timedOut)
        }
    }

    @Test func probeWithoutAnAddressFollowsPulseServer() async throws {
        try await withPulseSession { session in
            // Only this test connects without an explicit address, so changing the variable is safe.
            let previous = ProcessInfo.processInfo.environment["PULSE_SERVER"]
            setenv("PULSE_SERVER", session.serverAddress, 1)
            defer { if let previous { setenv("PULSE_SERVER", previous, 1) } else { unsetenv("PULSE_SERVER") } }
            let info = try SoundPlayer.probe(applicationName: "SoundTests")
            #expect(info.defaultSinkName == "testsink")
        }
    }

    @Test func defaultSinkMuteAndVolumeRoundTrip() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            try player.setDefaultSink(muted: true, volume: 0.3)
            let quiet = try player.defaultSinkState()
            #expect(quiet.sinkName == "testsink")
            #expect(quiet.muted)
            #expect(abs(quiet.volume - 0.3) < 0.001)
            // pactl, a separate client, sees the same.
            #expect(try run("pactl", ["get-sink-mute", "testsink"], environment: session.environment).contains("yes"))
            #expect(try run("pactl", ["get-sink-volume", "testsink"], environment: session.environment).contains(" 30%"))

            try player.setDefaultSink(muted: false)
            let unmuted = try player.defaultSinkState()
            #expect(unmuted.sinkName == "testsink" && !unmuted.muted && unmuted.volume == quiet.volume)
            #expect(unmuted.isNull, "the test's sink is a null sink")
            try player.setDefaultSink(volume: 1)
            #expect(try player.defaultSinkState().volume == 1)
        }
    }
}
