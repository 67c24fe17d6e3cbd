import ReveilleCore
import ReveilleDomain
import ReveilleModel
import Testing

@Suite struct ConfigTests {
    @Test func everyKeyIsReadWithUnits() throws {
        let config = try AgentConfig.parse("""
            # comment
            [defaults]
            label = Morning
            sound = bell
            volume = 0.8
            snooze_minutes = 10
            max_snoozes = unlimited
            challenges = math:hard, typing:4

            [agent]
            terminal = xterm -e
            fade_in = 5s
            late_grace = 1h
            nudge_after = 2min
            keep_awake = 0
            lockout_failures = 5
            lockout_cooldown = 1min 30s
            math_time_limit = 90s
            force_audible = no
            wake_from_suspend = no
            history_days = 30
            """, file: "reveille.conf")
        #expect(config.defaults.label == "Morning" && config.defaults.sound == "bell" && config.defaults.volume == 0.8)
        #expect(config.defaults.snoozeMinutes == 10 && config.defaults.maxSnoozes == -1)
        #expect(config.defaults.challenges == [.new(.math(difficulty: .hard, timeLimit: 60)), .new(.typing(words: 4))])
        #expect(config.terminal == ["xterm -e"] && config.fadeIn == 5 && config.lateGrace == 3600 && config.nudgeAfter == 120)
        #expect(config.keepAwake == 0 && config.lockout == LockoutPolicy(maxFailures: 5, cooldown: 90))
        #expect(config.mathTimeLimit == 90 && !config.forceAudible && !config.wakeFromSuspend)
        #expect(AgentConfig().wakeFromSuspend)
        #expect(config.historyDays == 30 && AgentConfig().historyDays == 400)
    }

    @Test func aFileWithWindowsLineEndingsReadsLikeAnyOther() throws {
        let config = try AgentConfig.parse("[defaults]\r\nlabel = Morning\r\n[agent]\r\nfade_in = 5s\r\n", file: "reveille.conf")
        #expect(config.defaults.label == "Morning" && config.fadeIn == 5)
    }

    @Test(arguments: [
        ("volume = 1", "reveille.conf:1: 'volume' is outside a section; put it under [defaults], [agent] or [hooks]"),
        ("[alarms]", "reveille.conf:1: unknown section [alarms]; expected [defaults], [agent] or [hooks]"),
        ("[agent]\nfade_in = soon", "reveille.conf:2: fade_in: 'soon' is not a duration such as 30s, 5min or 1h"),
        ("[defaults]\nsnooze_minutes = 90", "reveille.conf:2: snooze_minutes: snooze length 90 min is not between 1 and 60 minutes"),
        ("[defaults]\n\ncolour = red", "reveille.conf:3: unknown key 'colour' in [defaults]; known: label, sound, volume, snooze_minutes, max_snoozes, challenges"),
        ("[agent]\njust words", "reveille.conf:2: expected 'key = value'"),
        ("[hooks]\non_ring = lights 'on", "reveille.conf:2: on_ring: the single quote at character 8 is never closed"),
        ("[hooks]\non_wake = lights", "reveille.conf:2: unknown key 'on_wake' in [hooks]; known: on_ring, on_snooze, on_dismiss, on_missed, on_before_ring, before_ring"),
        ("[hooks]\nbefore_ring = dawn", "reveille.conf:2: before_ring: 'dawn' is not a duration such as 30s, 5min or 1h"),
        ("[hooks]\n\nbefore_ring = 3h", "reveille.conf:3: before_ring is at least 1s and at most 2h"),
        ("[hooks]\nbefore_ring = 0", "reveille.conf:2: before_ring is at least 1s and at most 2h"),
    ])
    func aBadFileNamesTheFileAndLine(_ text: String, _ message: String) {
        #expect(throws: ConfigError.self) { try AgentConfig.parse(text, file: "reveille.conf") }
        do { _ = try AgentConfig.parse(text, file: "reveille.conf") } catch { #expect(error.description == message) }
    }

    @Test func hooksAreSplitIntoWordsAndNeverLeftToAShell() throws {
        let config = try AgentConfig.parse("""
            [hooks]
            on_ring = /usr/bin/lights "bedroom lamp" on
            on_snooze = notify-send 'snoozed; $HOME'
            on_dismiss = tracker log
            on_missed =
            """, file: "reveille.conf")
        #expect(config.hooks[.ring] == ["/usr/bin/lights", "bedroom lamp", "on"])
        #expect(config.hooks[.snooze] == ["notify-send", "snoozed; $HOME"])
        #expect(config.hooks[.dismiss] == ["tracker", "log"])
        #expect(config.hooks[.missed] == nil)
        #expect(AgentConfig().hooks.isEmpty)
    }

    @Test func theBeforeRingHookAndItsLeadAreReadFromHooks() throws {
        let config = try AgentConfig.parse("""
            [hooks]
            on_before_ring = /usr/local/bin/sunrise --minutes 20
            before_ring = 25min
            """, file: "reveille.conf")
        #expect(config.hooks[.beforeRing] == ["/usr/local/bin/sunrise", "--minutes", "20"])
        #expect(config.beforeRing == 25 * 60)
        #expect(AgentConfig().beforeRing == 20 * 60)
        #expect(try AgentConfig.parse("[hooks]\nbefore_ring = 2h", file: "c").beforeRing == 7200)
        #expect(try AgentConfig.parse("[hooks]\nbefore_ring = 1s", file: "c").beforeRing == 1)
    }
}
