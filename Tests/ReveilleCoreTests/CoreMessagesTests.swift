import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime
import Testing

/// The core's texts are Messages: English templates with placeholders, rendered at the agent's edges
/// in the session's language. Under the C locale (`english`) they read as before translations.
@Suite struct CoreMessagesTests {
    @Test func aRingingNotificationIsMessagesWithAPluralForTheSnoozesLeft() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.label = "Work"; $0.maxSnoozes = 3 }
        await f.fireTimer()
        let shown = try #require(f.fakes.notifier.shown(id))
        #expect(shown.summary == .verbatim("Work"))
        #expect(shown.body.template == "{time} · {left}\n{hint}")
        let left = try #require(shown.body.messages["left"])
        #expect(left.template == "{count} snooze left" && left.pluralTemplate == "{count} snoozes left" && left.count == 3)
        #expect(shown.snoozeLabel?.context == "button")
        #expect(shown.snoozeLabel?.english == "Snooze 5 min")
        #expect(shown.dismissLabel == Message(context: "button", "Dismiss"))
        #expect(shown.body.english.hasPrefix("\(shown.body.arguments["time"]!) · 3 snoozes left\nDismiss opens a math challenge"))
    }

    @Test func anUnnamedAlarmIsCalledAlarmInTheReadersLanguage() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        let summary = try #require(f.fakes.notifier.shown(id)?.summary)
        #expect(summary == Message(context: "unnamed alarm", "Alarm"))
        #expect(summary.english == "Alarm")
    }

    @Test func timesInTheCoresTextsFollowTheSessionsTimeStyle() async throws {
        var style = TimeStyle.posix
        style.pattern = [.hour(padded: false), .literal(":"), .minute, .literal(" "), .meridiem]
        style.twelveHour = true
        let twelveHour = style
        let f = try await CoreFixture(timeStyle: { twelveHour })
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        let body = try #require(f.fakes.notifier.shown(id)?.body)
        #expect(body.arguments["time"] == twelveHour.time(try await f.core.get(id).alarm.time))
        #expect(body.arguments["time"]?.hasSuffix("AM") == true)
    }

    @Test func aNoticeIsAMessageWithItsReasonAsAnArgument() async throws {
        let f = try await CoreFixture()
        await f.core.databaseUnavailable("another program holds it locked")
        let notice = try #require(f.fakes.notifier.noticeMessages.last)
        #expect(notice.summary == Message("Alarms cannot ring"))
        #expect(notice.body.template == "The alarm database cannot be opened ({reason}). Reveille keeps trying; 'reveille doctor' says more.")
        #expect(notice.body.arguments == ["reason": "another program holds it locked"])
        #expect(f.fakes.notifier.notices.last == "Alarms cannot ring")
    }

    @Test func aRefusalIsAMessageWithItsValuesAsArguments() throws {
        let alarm = Alarm(id: AlarmID("00000000-0000-4000-8000-000000000001")!, time: WallTime(hour: 7, minute: 0)!,
                          date: CivilDate(year: 2026, month: 3, day: 2), label: "Once")
        let now = Instant(secondsSinceEpoch: 1_772_409_600)  // 2026-03-02 00:00 UTC
        #expect {
            try SkipAndPause().pause(alarm, until: CivilDate(year: 2026, month: 3, day: 9), now: now, zone: .utc)
        } throws: { error in
            guard let refusal = error as? SkipAndPause.Refusal else { return false }
            return refusal.message.arguments == ["own": "2026-03-02", "date": "2026-03-09"]
                && refusal.message.english == "the alarm rings once, on 2026-03-02: pausing it until 2026-03-09 would end it without a word; disable it instead"
        }
    }

    @Test func anAgentErrorCarriesItsMessageAndSaysItInEnglish() {
        var changes = AlarmChanges()
        changes.volume = 2
        var random = SystemRandomNumberGenerator()
        let alarm = Alarm(id: AlarmID("00000000-0000-4000-8000-000000000001")!, time: WallTime(hour: 7, minute: 0)!)
        #expect {
            _ = try changes.apply(to: alarm, using: &random)
        } throws: { error in
            guard case AgentError.invalidArgument(let message) = error else { return false }
            return message.template == "volume {volume} is not between 0 and 1" && message.arguments == ["volume": "2.0"]
                && (error as? AgentError)?.description == "volume 2.0 is not between 0 and 1"
        }
        let limit = AgentError.limitReached(alarms: 1000)
        #expect(limit.message.template == "there are already {count} alarms, the most the agent keeps: remove one first")
        #expect(limit.description == "there are already 1000 alarms, the most the agent keeps: remove one first")
    }

    @Test func aCardInUseByTwoAlarmsIsRefusedWithThePluralForm() async throws {
        let f = try await CoreFixture()
        _ = try await f.core.addCard("Kitchen")
        _ = try await f.addAlarm { $0.challenges = [.new(.card(label: "Kitchen"))] }
        _ = try await f.addAlarm { $0.challenges = [.new(.card(label: "Kitchen"))] }
        await #expect {
            try await f.core.removeCard("Kitchen")
        } throws: { error in
            guard case AgentError.invalidArgument(let message) = error else { return false }
            return message.count == 2 && message.pluralTemplate == "card '{label}' is used by alarms {alarms}; change or remove them first"
        }
    }
}

/// Preflight's sentences are Messages keyed by the notes' machine names, which stay English.
@Suite struct PreflightMessagesTests {
    @Test func preflightDetailsAreMessagesUnderEnglishKeys() async throws {
        let f = try await CoreFixture()
        await f.core.databaseUnavailable("another program holds it locked")
        let messages = await f.core.preflightMessages()
        let unavailable = try #require(messages["database-unavailable"])
        #expect(unavailable.template.hasPrefix("The alarm database {path} cannot be opened ({reason});"))
        #expect(unavailable.arguments["reason"] == "another program holds it locked")
        #expect(messages[PreflightNotes.wakeStateKey] != nil)
        #expect(await f.core.preflightDetails() == messages.mapValues(\.english))
        #expect(await f.core.preflightDetails(rendering: { _ in "x" }).values.allSatisfy { $0 == "x" })
    }

    @Test func theWakeSentenceWritesTheTimeInTheSessionsStyle() {
        var style = TimeStyle.posix
        style.pattern = [.hour(padded: false), .literal(":"), .minute, .literal(" "), .meridiem]
        style.twelveHour = true
        let status = WakeStatus(waker: .agent, at: Instant(secondsSinceEpoch: 1_772_409_600 + 7 * 3600))
        let message = PreflightNotes.wakeMessage(status, zone: .utc, style: style)
        #expect(message.arguments == ["time": "7:00 AM", "date": "2026-03-02"])
        #expect(PreflightNotes.wakeMessage(status, zone: .utc).english
            == "Reveille wakes this machine from suspend itself (its session may set CLOCK_REALTIME_ALARM timers); it is set to wake the machine at 07:00 on 2026-03-02.")
    }

    @Test func withoutAReasonASentenceHasNoParentheses() {
        #expect(PreflightNotes.message(for: "hook-failed").english.hasPrefix("A hook from [hooks] in reveille.conf failed; alarms"))
        #expect(PreflightNotes.message(for: "hook-failed", hookFailure: .verbatim("'x' exited with status 3")).english
            .hasPrefix("A hook from [hooks] in reveille.conf failed ('x' exited with status 3); alarms"))
        #expect(PreflightNotes.message(for: "alarm-unreadable").english.contains("will not ring: none now."))
    }
}

/// A challenge's prompt is a Message; the harness renders it for GetChallenge in the session's language.
@Suite struct ChallengePromptMessagesTests {
    @Test func promptsAreMessagesWithTheProblemAsAnArgument() {
        let typing = ChallengePrompt.typing(words: ["apple", "river"]).message
        #expect(typing.template == "Type: {words}" && typing.arguments == ["words": "apple river"])
        #expect(ChallengePrompt.typing(words: ["apple", "river"]).text == "Type: apple river")
        #expect(ChallengePrompt.card(label: "Kitchen").message.english == "Scan or type the code on your card Kitchen")
        #expect(ChallengePrompt.code.message == Message("Scan or type the code you placed away from your bed"))
    }

    @Test func theCoreRendersAPromptWithTheRendererItIsGiven() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.challenges = [.new(.typing(words: 2))] }
        await f.fireTimer()
        let english = try await f.core.beginChallenge(id)
        #expect(english.prompt.hasPrefix("Type: "))
        let rendered = try await f.core.challenge(id, rendering: { message in message.template == "Type: {words}" ? "Tippe: …" : "?" })
        #expect(rendered.prompt == "Tippe: …")
    }
}

/// The configuration's errors are Messages after `FILE:LINE: `; keys and values stay as written.
@Suite struct ConfigErrorMessagesTests {
    @Test func aBadChallengeInTheDefaultsNamesTheKeyAndTheDomainsReason() {
        #expect {
            _ = try AgentConfig.parse("[defaults]\nchallenges = bogus\n", file: "reveille.conf")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.message.template == "{key}: {problem}"
                && error.description == "reveille.conf:2: challenges: challenge 'bogus' is not math:LEVEL, qr:CODE or typing:N, nor card:LABEL"
        }
    }

    @Test func anErrorRendersItsMessageAfterItsPlace() {
        #expect {
            _ = try AgentConfig.parse("[agent]\nfade_in = soon\n", file: "f")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.message.arguments == ["key": "fade_in", "value": "soon"]
                && error.text(rendering: { _ in "X" }) == "f:2: X"
                && error.description == "f:2: fade_in: 'soon' is not a duration such as 30s, 5min or 1h"
        }
    }
}
