// swift-tools-version: 6.3
//
// Reveille: an alarm clock for the Linux desktop that makes sure its user gets up.
//
// The targets form layers; dependencies point inward:
//   ReveilleTime, ReveilleDomain   pure Swift: no I/O, no C, no global clock
//   SystemSupport                  errno errors and small-file reads, shared by every C wrapper below
//   C* + their wrappers            one .systemLibrary per C library, wrapped once
//   ReveilleModel                  what agent and client share: errors, change sets, views, paths, config
//   ReveilleCore                   the agent's actor, talking to the world through protocols
//   ReveilleAPI                    the D-Bus contract (names, method table, errors, a{sv} codecs): Model, not Core
//   ReveilleAgent                  live implementations and the D-Bus harness
//   ReveilleCLI                    the `reveille` client commands: Model and API, never Core or Agent
//   reveille, reveilled            thin executables
// Every target lists each target it imports (Tests/packaging/check-imports.py checks it).
import PackageDescription

// The wake helper's modules, like the agent's (agentModules below), link no regex engine.
let wakeHelperSettings: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"])]

let package = Package(
    name: "Reveille",
    products: [
        .executable(name: "reveille", targets: ["reveille"]),
        .executable(name: "reveilled", targets: ["reveilled"]),
        .executable(name: "reveille-waked", targets: ["reveille-waked"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // MARK: Pure layers
        .target(name: "ReveilleTime"),
        .target(name: "ReveilleDomain", dependencies: ["ReveilleTime", "ReveilleText"]),
        // User-facing texts before translation: `Message` (an English template, its arguments, a
        // context, a plural). Extracted into po/reveille.pot by scripts/po/extract.py.
        .target(name: "ReveilleText"),
        // The one errno error type and the one small-file reader: Glibc only, so every target may use it.
        .target(name: "SystemSupport"),
        // Reads the system's tz database and $TZ: the I/O half of ReveilleTime.
        .target(name: "SystemTimeZone", dependencies: ["ReveilleTime", "SystemSupport"]),

        // MARK: C libraries, each wrapped once
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .target(name: "DBus", dependencies: ["CDBus", "ReveilleTime", "LinuxEvents", "SystemSupport"]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "SQLite", dependencies: ["CSQLite", "SystemSupport", "ReveilleTime"]),
        .systemLibrary(name: "CLinux"),
        .target(name: "LinuxEvents", dependencies: ["CLinux", "SystemSupport"]),
        .systemLibrary(name: "CNotify", pkgConfig: "libnotify", providers: [.apt(["libnotify-dev"])]),
        .target(name: "Notify", dependencies: ["CNotify", "ReveilleTime", "SystemSupport"]),
        .systemLibrary(name: "CPulse", pkgConfig: "libpulse", providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .target(name: "Sound", dependencies: ["CPulse", "CSndfile", "SystemSupport", "ReveilleTime"]),
        .systemLibrary(name: "CCrypt", pkgConfig: "libcrypt", providers: [.apt(["libcrypt-dev"])]),
        .target(name: "Crypt", dependencies: ["CCrypt", "SystemSupport"]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(name: "QRCode", dependencies: ["CQRencode"]),
        // glibc's libintl and per-thread locales (part of libc: nothing to link): Translator, TimeStyle(locale:).
        .systemLibrary(name: "CIntl"),
        .target(name: "Gettext", dependencies: ["CIntl", "ReveilleText", "ReveilleTime", "SystemSupport"]),

        // MARK: Shared by agent and client
        .target(name: "ReveilleModel", dependencies: ["ReveilleDomain", "ReveilleText", "ReveilleTime"]),
        // The D-Bus contract shared by agent and client: names, method table, error table, a{sv} codecs.
        .target(name: "ReveilleAPI", dependencies: ["ReveilleModel", "ReveilleDomain", "ReveilleText", "ReveilleTime", "DBus"]),

        // MARK: The agent
        .target(name: "ReveilleCore", dependencies: ["ReveilleModel", "ReveilleDomain", "ReveilleText", "ReveilleTime"]),
        .target(
            name: "ReveilleAgent",
            dependencies: [
                "ReveilleAPI", "ReveilleCore", "ReveilleModel", "ReveilleDomain", "ReveilleTime", "DBus", "SQLite",
                "LinuxEvents", "Notify", "Sound", "SystemTimeZone", "SystemSupport", "Crypt", "ReveilleText", "Gettext",
            ]
        ),

        // MARK: The client
        .target(
            name: "ReveilleCLI",
            dependencies: [
                "ReveilleAPI", "ReveilleModel", "ReveilleDomain", "ReveilleTime", "DBus", "SystemTimeZone",
                "LinuxEvents", "SystemSupport", "QRCode", "ReveilleText", "Gettext",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Executables
        .executableTarget(name: "reveille", dependencies: ["ReveilleCLI"]),
        // Its tasks run on LinuxEvents' event loop (ReactorExecutors): the compiler emits the call that
        // installs a main module's DefaultExecutorFactory only with availability checking off.
        .executableTarget(
            name: "reveilled", dependencies: ["ReveilleAgent", "LinuxEvents"],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-availability-checking"])],
            // Less of the binary resident while idle (docs/performance.md): relative relocations
            // packed (DT_RELR, glibc 2.36).
            linkerSettings: [.unsafeFlags([
                "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            ], .when(configuration: .release))]
        ),

        // MARK: The wake helper (issue 20): reveille-waked, on the system bus
        // Its logic, pure: the per-connection wake table, the limits, the authorisation decision.
        .target(name: "ReveilleWake", swiftSettings: wakeHelperSettings),
        // The daemon: the bus harness and the live world (alarm timer, polkit, the bus's caller
        // identity). Never ReveilleCore, libnotify or libpulse (check-binaries.sh checks it).
        .executableTarget(
            name: "reveille-waked", dependencies: ["ReveilleWake", "DBus", "LinuxEvents", "SystemSupport"],
            swiftSettings: wakeHelperSettings + [.unsafeFlags(["-Xfrontend", "-disable-availability-checking"])]
        ),

        // MARK: Tests
        .target(
            name: "ReveilleTestSupport", dependencies: ["ReveilleCore", "ReveilleDomain", "ReveilleText", "ReveilleTime"],
            path: "Tests/ReveilleTestSupport"
        ),
        .testTarget(name: "ReveilleTimeTests", dependencies: ["ReveilleTime", "SystemTimeZone"]),
        .testTarget(
            name: "ReveilleDomainTests",
            dependencies: ["ReveilleDomain", "ReveilleTime", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "SystemSupportTests", dependencies: ["SystemSupport"]),
        .testTarget(name: "ReveilleTextTests", dependencies: ["ReveilleText"]),
        // Needs the locales de_DE, fr_FR, es_ES, en_US, en_GB (.UTF-8) and msgfmt; no daemon, so in FAST_SUITES.
        .testTarget(name: "GettextTests", dependencies: ["Gettext", "ReveilleText", "ReveilleTime", "SystemSupport", "ReveilleTestSupport"]),
        .testTarget(name: "DBusTests", dependencies: ["DBus"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "SystemSupport"]),
        .testTarget(name: "LinuxEventsTests", dependencies: ["LinuxEvents", "SystemSupport"]),
        .testTarget(name: "NotifyTests", dependencies: ["Notify", "ReveilleTime"]),
        .testTarget(name: "SoundTests", dependencies: ["Sound"]),
        .testTarget(name: "CryptTests", dependencies: ["Crypt"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "ReveilleCoreTests", dependencies: ["ReveilleCore", "ReveilleModel", "ReveilleDomain", "ReveilleText", "ReveilleTime", "ReveilleTestSupport"]),
        .testTarget(
            name: "ReveilleAgentTests",
            dependencies: [
                "ReveilleAgent", "ReveilleAPI", "ReveilleCore", "ReveilleModel", "ReveilleDomain", "ReveilleTime", "DBus",
                "SQLite", "LinuxEvents", "Sound", "ReveilleTestSupport", "Gettext", "ReveilleText",
            ]
        ),
        .testTarget(
            name: "ReveilleCLITests",
            dependencies: [
                "ReveilleCLI", "ReveilleCore", "ReveilleModel", "ReveilleDomain", "ReveilleTime", "DBus", "ReveilleTestSupport",
                "SystemSupport", "QRCode", "ReveilleText", "Gettext",
            ]
        ),
        .testTarget(name: "ReveilleWakeTests", dependencies: ["ReveilleWake"]),
        // The tray icon on a private bus with a fake StatusNotifierWatcher: not in FAST_SUITES, so serial.
        .testTarget(
            name: "ReveilleTrayTests",
            dependencies: [
                "ReveilleAgent", "ReveilleCore", "ReveilleModel", "ReveilleDomain", "ReveilleTime", "DBus", "ReveilleTestSupport",
            ]
        ),
        .testTarget(
            name: "ReveilleAPITests",
            dependencies: [
                "ReveilleAPI", "ReveilleCore", "ReveilleModel", "ReveilleDomain", "ReveilleTime", "DBus", "ReveilleTestSupport",
            ]
        ),
    ]
)

// The agent's modules do without Swift's implicit `_StringProcessing` import, so the agent links no
// regex engine: about 1 MB less text to map (docs/performance.md, "Idle RSS"; check-binaries.sh).
let agentModules: Set<String> = [
    "ReveilleTime", "ReveilleDomain", "SystemSupport", "SystemTimeZone", "DBus", "SQLite", "LinuxEvents", "Notify",
    "Sound", "Crypt", "ReveilleText", "Gettext", "ReveilleModel", "ReveilleAPI", "ReveilleCore", "ReveilleAgent", "reveilled",
]
for target in package.targets where agentModules.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? [])
        + [.unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"])]
}
