import PropertyBased
import ReveilleDomain
import Testing

/// EvaluatePreflight: missing requirements block; low-power mode, no wake from suspend and a muted sink are only noted.
@Suite struct PreflightTests {
    let preflight = EvaluatePreflight()
    let allGranted: [HealthSnapshot.Permission: Bool] = [.notifications: true, .sound: true, .terminal: true, .database: true]

    func verdict(_ result: EvaluatePreflight.Result) -> (ok: Bool, reasons: [String]) { (result.ok, result.reasons) }

    @Test func everythingAvailableIsOkWithNoReasons() {
        let result = preflight.execute(rules: PreflightRules(), snapshot: HealthSnapshot(permissions: allGranted))
        #expect(verdict(result) == (true, []))
    }

    @Test(arguments: [
        (HealthSnapshot.Permission.notifications, "notifications-disabled"), (.sound, "sound-unavailable"),
        (.terminal, "terminal-missing"), (.database, "database-unreadable"),
    ])
    func missingRequiredPermissionBlocks(permission: HealthSnapshot.Permission, reason: String) {
        var denied = allGranted
        denied[permission] = false
        var absent = allGranted
        absent[permission] = nil
        for permissions in [denied, absent] {
            let result = preflight.execute(rules: PreflightRules(), snapshot: HealthSnapshot(permissions: permissions))
            #expect(verdict(result) == (false, [reason]))
        }
    }

    @Test func missingPermissionThatIsNotRequiredIsNotMentioned() {
        let rules = PreflightRules(requireNotifications: true, requireSound: false, requireTerminal: false, requireDatabase: true)
        let snapshot = HealthSnapshot(permissions: [.notifications: true, .database: true, .sound: false])
        #expect(verdict(preflight.execute(rules: rules, snapshot: snapshot)) == (true, []))
    }

    @Test func lowPowerModeIsOnlyNoted() {
        let result = preflight.execute(rules: PreflightRules(), snapshot: HealthSnapshot(permissions: allGranted, lowPowerModeOn: true))
        #expect(verdict(result) == (true, ["low-power-mode"]))
    }

    @Test func noWakeFromSuspendIsOnlyNoted() {
        let snapshot = HealthSnapshot(permissions: allGranted, canWakeFromSuspend: false)
        let result = preflight.execute(rules: PreflightRules(), snapshot: snapshot)
        #expect(verdict(result) == (true, ["wake-from-suspend-unavailable"]))
    }

    @Test func mutedSoundIsOnlyNoted() {
        let result = preflight.execute(rules: PreflightRules(), snapshot: HealthSnapshot(permissions: allGranted, soundMuted: true))
        #expect(verdict(result) == (true, ["sound-muted"]))
    }

    @Test func alarmsOverTheLimitsAreOnlyNoted() {
        let snapshot = HealthSnapshot(permissions: allGranted, alarmsOverLimits: true)
        let result = preflight.execute(rules: PreflightRules(), snapshot: snapshot)
        #expect(verdict(result) == (true, ["alarm-over-limits"]))
    }

    @Test func aFailedHookIsOnlyNoted() {
        let snapshot = HealthSnapshot(permissions: allGranted, hookFailure: .verbatim("on_ring: 'lights' exited with status 1"))
        let result = preflight.execute(rules: PreflightRules(), snapshot: snapshot)
        #expect(verdict(result) == (true, ["hook-failed"]))
    }

    @Test func blockingAndNotedReasonsAreAllListed() {
        let snapshot = HealthSnapshot(
            permissions: [.sound: true, .terminal: true], lowPowerModeOn: true, canWakeFromSuspend: false, soundMuted: true
        )
        let result = preflight.execute(rules: PreflightRules(), snapshot: snapshot)
        #expect(!result.ok)
        #expect(result.reasons == [
            "notifications-disabled", "database-unreadable", "low-power-mode", "wake-from-suspend-unavailable", "sound-muted",
        ])
    }

    /// Each rings all the same: a database open for reading only, a zone that cannot be read (the
    /// last good one stands in) and a configuration file the agent runs around.
    @Test func aReadOnlyDatabaseAnUnreadableZoneAndABadConfigurationAreNotes() {
        var snapshot = HealthSnapshot(permissions: allGranted)
        snapshot.database.readOnly = ReadOnlyDatabase(reason: .verbatim("the file system that holds it is read-only"), diskFull: false)
        snapshot.zoneProblem = "/etc/localtime is not a valid time zone file"
        snapshot.configProblem = .verbatim("reveille.conf:4: unknown key")
        #expect(verdict(preflight.execute(rules: PreflightRules(), snapshot: snapshot))
            == (true, ["database-read-only", "time-zone-unreadable", "config-invalid"]))
        // A full disk at start is the full disk a running agent notes.
        snapshot.database.readOnly = ReadOnlyDatabase(reason: .verbatim("the disk is full"), diskFull: true)
        #expect(verdict(preflight.execute(rules: PreflightRules(), snapshot: snapshot))
            == (true, ["database-unwritable", "time-zone-unreadable", "config-invalid"]))
        snapshot.database.unwritable = "SQLITE_FULL"
        #expect(preflight.execute(rules: PreflightRules(), snapshot: snapshot).reasons.filter { $0 == "database-unwritable" }.count == 1)
    }

    @Test func okExactlyWhenNoRequiredPermissionIsMissing() async {
        let flags = Gen.bool.array(of: 4)
        await propertyCheck(count: 300, input: flags, flags, zip(Gen.bool, Gen.bool, Gen.bool)) { required, granted, notes in
            let permissions: [HealthSnapshot.Permission] = [.notifications, .sound, .terminal, .database]
            let rules = PreflightRules(
                requireNotifications: required[0], requireSound: required[1], requireTerminal: required[2],
                requireDatabase: required[3]
            )
            let snapshot = HealthSnapshot(
                permissions: Dictionary(uniqueKeysWithValues: zip(permissions, granted)),
                lowPowerModeOn: notes.0, canWakeFromSuspend: notes.1, soundMuted: notes.2
            )
            let result = preflight.execute(rules: rules, snapshot: snapshot)
            let missing = (0..<4).filter { required[$0] && !granted[$0] }
            #expect(result.ok == missing.isEmpty)
            #expect(result.reasons.filter(EvaluatePreflight.blockingReasons.contains).count == missing.count)
            #expect(result.reasons.contains("low-power-mode") == notes.0)
            #expect(result.reasons.contains("wake-from-suspend-unavailable") == !notes.1)
            #expect(result.reasons.contains("sound-muted") == notes.2)
        }
    }
}
