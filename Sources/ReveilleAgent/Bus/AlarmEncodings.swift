import DBus
import ReveilleAPI
import ReveilleCore
import ReveilleDomain
import Synchronization

/// Each alarm's `a{sv}` in wire form, kept until its snapshot changes, so that ListAlarms only copies bytes.
final class AlarmEncodings: Sendable {
    private struct Entry {
        var snapshot: AlarmSnapshot
        var encoded: EncodedVardict
    }

    private let entries = Mutex<[AlarmID: Entry]>([:])

    /// The encodings of `snapshots`, in their order; an alarm that changed in any field is encoded again.
    func encoded(_ snapshots: [AlarmSnapshot]) throws(DBusError) -> [EncodedVardict] {
        try entries.withLock { (entries) throws(DBusError) -> [EncodedVardict] in
            var result: [EncodedVardict] = []
            result.reserveCapacity(snapshots.count)
            for snapshot in snapshots {
                if let entry = entries[snapshot.alarm.id], entry.snapshot == snapshot {
                    result.append(entry.encoded)
                } else {
                    let encoded = try EncodedVardict(AlarmCodec.encode(snapshot))
                    entries[snapshot.alarm.id] = Entry(snapshot: snapshot, encoded: encoded)
                    result.append(encoded)
                }
            }
            // Every listed alarm is now in; anything more is a removed alarm.
            if entries.count > snapshots.count {
                let listed = Set(snapshots.map(\.alarm.id))
                entries = entries.filter { listed.contains($0.key) }
            }
            return result
        }
    }

    /// How many alarms are held, for tests.
    var count: Int { entries.withLock(\.count) }
}
