import Sound
import Testing

@Suite struct SoundThemeTests {
    @Test func resolvesAlarmClockElapsedToTheDebianFile() {
        #expect(SoundTheme.resolve(name: "alarm-clock-elapsed", dataDirectories: ["/usr/share"]) == freedesktopAlarm)
    }

    @Test func findsTheSystemThemeThroughTheDefaultXDGDirectories() {
        let found = SoundTheme.resolve(sound: "alarm-clock-elapsed", environment: ["HOME": "/nonexistent"])
        #expect(found == freedesktopAlarm)
    }

    @Test func anUnknownSoundResolvesToNothing() {
        #expect(SoundTheme.resolve(name: "no-such-sound-anywhere", dataDirectories: ["/usr/share"]) == nil)
    }

    @Test func dropsDashSuffixesUntilASoundExists() throws {
        let data = try ScratchDirectory()
        let alarm = try data.write("sounds/mine/stereo/alarm.wav")
        #expect(SoundTheme.resolve(name: "alarm-clock-elapsed", themes: ["mine"], dataDirectories: [data.path]) == alarm)
    }

    @Test func aMoreSpecificNameInAnInheritedThemeBeatsAShorterOne() throws {
        let data = try ScratchDirectory()
        try data.write("sounds/child/index.theme", "[Sound Theme]\nName=Child\nInherits=parent\nDirectories=stereo\n")
        try data.write("sounds/child/stereo/alarm.oga")
        let inherited = try data.write("sounds/parent/stereo/alarm-clock.ogg")
        #expect(SoundTheme.resolve(name: "alarm-clock-elapsed", themes: ["child"], dataDirectories: [data.path]) == inherited)
    }

    @Test func followsTheDirectoriesTheIndexListsForTheStereoProfile() throws {
        let data = try ScratchDirectory()
        try data.write(
            "sounds/custom/index.theme",
            "[Sound Theme]\nDirectories=surround,two\n\n[surround]\nOutputProfile=5.1\n\n[two]\nOutputProfile=stereo\n"
        )
        try data.write("sounds/custom/surround/bell.oga")
        let stereo = try data.write("sounds/custom/two/bell.flac")
        #expect(SoundTheme.resolve(name: "bell", themes: ["custom"], dataDirectories: [data.path]) == stereo)
    }

    @Test func theUsersDataHomeComesBeforeTheSystemDirectories() throws {
        let home = try ScratchDirectory()
        let own = try home.write("sounds/freedesktop/stereo/alarm-clock-elapsed.oga")
        let environment = ["XDG_DATA_HOME": home.path, "XDG_DATA_DIRS": "/usr/share"]
        #expect(SoundTheme.resolve(sound: "alarm-clock-elapsed", environment: environment) == own)
    }

    @Test func fallsBackToTheFreedesktopThemeAndThenToLooseFiles() throws {
        let data = try ScratchDirectory()
        let loose = try data.write("sounds/beep.wav")
        #expect(SoundTheme.resolve(name: "beep", themes: ["absent"], dataDirectories: [data.path]) == loose)
        let both = [data.path, "/usr/share"]
        #expect(SoundTheme.resolve(name: "alarm-clock-elapsed", themes: ["absent"], dataDirectories: both) == freedesktopAlarm)
    }

    @Test func anAbsolutePathIsUsedOnlyWhenReadable() throws {
        let data = try ScratchDirectory()
        let file = try data.write("my alarm.wav")
        #expect(SoundTheme.resolve(sound: file, environment: [:]) == file)
        #expect(SoundTheme.resolve(sound: data.path + "/missing.wav", environment: [:]) == nil)
        #expect(SoundTheme.resolve(sound: data.path, environment: [:]) == nil)  // a directory
    }

    @Test func dataDirectoriesFollowTheXDGDefaults() {
        #expect(SoundTheme.dataDirectories(environment: ["HOME": "/home/u"]) ==
            ["/home/u/.local/share", "/usr/local/share", "/usr/share"])
        #expect(SoundTheme.dataDirectories(environment: ["XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/a:relative:/b"]) ==
            ["/d", "/a", "/b"])
    }
}
