@testable import ReveilleAgent
import Sound
import Testing

/// What `force_audible` undoes while an alarm rings, and how often.
@Suite struct KeepAudibleTests {
    static let speakers = SinkState(sinkName: "speakers", muted: false, volume: 0.8)
    static func playing(on sink: SinkState = speakers, muted: Bool = false, volume: Double = 1) -> StreamState {
        StreamState(muted: muted, volume: volume, corked: false, sink: sink)
    }
    static func fixes(_ stream: StreamState, defaultSink: String? = "speakers", destination: SinkState? = speakers,
                      alarmVolume: Double = 1) -> [AudibleFix] {
        AudibleFix.fixes(for: stream, defaultSink: defaultSink, destination: destination, alarmVolume: alarmVolume)
    }

    @Test func anAudibleStreamIsLeftAlone() {
        #expect(Self.fixes(Self.playing()).isEmpty)
        #expect(Self.fixes(Self.playing(volume: 0.5), alarmVolume: 0.5).isEmpty)
    }

    @Test func aMutedOrSilentOutputIsUnmutedAndRaised() {
        let muted = SinkState(sinkName: "speakers", muted: true, volume: 0.8)
        #expect(Self.fixes(Self.playing(on: muted)) == [.raiseSink("speakers", wasMuted: true, from: 0.8, to: 0.8)])
        let zero = SinkState(sinkName: "speakers", muted: false, volume: 0)
        #expect(Self.fixes(Self.playing(on: zero)) == [.raiseSink("speakers", wasMuted: false, from: 0, to: 0.6)])
    }

    @Test func aSuspendedOutputIsResumed() {
        let suspended = SinkState(sinkName: "speakers", muted: false, volume: 0.8, suspended: true)
        #expect(Self.fixes(Self.playing(on: suspended)) == [.resumeSink("speakers")])
    }

    @Test func theAlarmsOwnStreamMutedOrBelowTheAlarmsVolumeIsRestored() {
        #expect(Self.fixes(Self.playing(muted: true)) == [.restoreStream(wasMuted: true, volume: 1)])
        #expect(Self.fixes(Self.playing(volume: 0)) == [.restoreStream(wasMuted: false, volume: 0)])
        #expect(Self.fixes(Self.playing(volume: 0.4), alarmVolume: 0.7) == [.restoreStream(wasMuted: false, volume: 0.4)])
    }

    @Test func aStreamMovedToANullSinkGoesBack() {
        let null = SinkState(sinkName: "trap", muted: false, volume: 1, isNull: true)
        #expect(Self.fixes(Self.playing(on: null)) == [.moveStream(from: "trap", to: "speakers")])
        // Back on a muted home, the home is raised too.
        let mutedHome = SinkState(sinkName: "speakers", muted: true, volume: 0.8)
        #expect(Self.fixes(Self.playing(on: null), destination: mutedHome)
            == [.moveStream(from: "trap", to: "speakers"), .raiseSink("speakers", wasMuted: true, from: 0.8, to: 0.8)])
    }

    @Test func theDefaultSinkIsTheConfiguredOutputEvenWhenItIsANullSink() {
        let testsink = SinkState(sinkName: "testsink", muted: false, volume: 1, isNull: true)
        #expect(Self.fixes(Self.playing(on: testsink), defaultSink: "testsink", destination: testsink).isEmpty)
    }

    @Test func aMoveToAnotherRealOutputStays() {
        let headphones = SinkState(sinkName: "headphones", muted: false, volume: 0.5)
        #expect(Self.fixes(Self.playing(on: headphones)).isEmpty)
    }

    @Test func aStreamMadeAheadAndNotStartedIsLeftAlone() {
        let stream = StreamState(muted: true, volume: 0, corked: true, sink: SinkState(sinkName: "speakers", muted: true, volume: 0))
        #expect(Self.fixes(stream).isEmpty)
    }

    @Test func undoingStopsAfterFiveTimesAMinuteAndResumesAfter() {
        var limit = UndoLimit()
        let second: Int64 = 1_000_000_000
        let first = (0..<5).map { limit.allow(at: Int64($0) * second) }
        #expect(first == [true, true, true, true, true])
        let sixth = limit.allow(at: 10 * second)
        #expect(!sixth)
        #expect(limit.wait(at: 10 * second) == 50 * second)
        let beforeTheMinute = limit.allow(at: 59 * second)
        let afterTheMinute = limit.allow(at: 60 * second)
        let right = limit.allow(at: 60 * second + 1)
        #expect(!beforeTheMinute && afterTheMinute && !right)
    }
}
