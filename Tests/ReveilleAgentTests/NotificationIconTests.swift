@testable import ReveilleAgent
import Testing

@Test func notificationsUseThePackagesIconWhereItIsInstalled() {
    let installed: Set = ["/usr/share/icons/hicolor/scalable/apps/io.github.Reveille1.svg"]
    let icon = LiveNotifier.icon(dataDirectories: ["/home/u/.local/share", "/usr/local/share", "/usr/share"],
                                 isFile: installed.contains)
    #expect(icon == "io.github.Reveille1")
}

@Test func notificationsFallBackToTheThemesAlarmClockWithoutThePackagesIcon() {
    let icon = LiveNotifier.icon(dataDirectories: ["/home/u/.local/share", "/usr/share"], isFile: { _ in false })
    #expect(icon == "alarm-clock")
}
