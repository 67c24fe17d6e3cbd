import DBus
import ReveilleAPI
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import Synchronization

/// Each alarm's `a{sv}` in wire form, kept until its snapshot changes, so that ListAlarms only
/// copies bytes and GetAlarm answers with a reply libdbus has checked before.
final class AlarmEncodings: Sendable {
    private struct Entry {
        var snapshot: AlarmSnapshot
        var encoded: EncodedVardict
        /// GetAlarm's body, made on its first call, and the newest core generation it was read at.
        var single: (body: EncodedBody, generation: UInt64)?
    }

    private let entries = Mutex<[AlarmID: Entry]>([:])
    /// The last list made, reused while no alarm changed.
    private let last = Mutex<(order: [AlarmID], body: EncodedBody)?>(nil)

    /// The `aa{sv}` of `snapshots`: the last one again when nothing changed, so that libdbus
    /// checks it once rather than on every call.
    func list(_ snapshots: [AlarmSnapshot]) throws(DBusError) -> EncodedBody {
        var changed = false
        let encoded = try encoded(snapshots, changed: &changed)
        let order = snapshots.map(\.alarm.id)
        return last.withLock { last in
            if !changed, let last, last.order == order { return last.body }
            let body = EncodedBody.vardictArray(encoded)
            last = (order, body)
            return body
        }
    }

    /// The `a{sv}` of one alarm: the same body while the alarm is unchanged. `generation` is the
    /// core's when it read `snapshot` (and found its database open): `held` gives the body again while it lasts.
    func one(_ snapshot: AlarmSnapshot, generation: UInt64) throws(DBusError) -> EncodedBody {
        try entries.withLock { (entries) throws(DBusError) -> EncodedBody in
            var entry: Entry
            if let held = entries[snapshot.alarm.id], held.snapshot == snapshot {
                entry = held
            } else {
                entry = Entry(snapshot: snapshot, encoded: try EncodedVardict(AlarmCodec.encode(snapshot)))
            }
            let body = entry.single?.body ?? EncodedBody.vardict(entry.encoded)
            // Two reads may finish out of order; the newer generation is the one that can still be current.
            entry.single = (body, max(generation, entry.single?.generation ?? 0))
            entries[snapshot.alarm.id] = entry
            return body
        }
    }

    /// GetAlarm's body for `id` if `one` made it at `generation`, the core's current one: the core has
    /// changed nothing it answers from since, so the body is what reading it again would give.
    func held(_ id: AlarmID, at generation: UInt64) -> EncodedBody? {
        entries.withLock { entries in
            guard let single = entries[id]?.single, single.generation == generation else { return nil }
            return single.body
        }
    }

    /// Drops a removed alarm's encodings at once, rather than at the next list.
    func forget(_ id: AlarmID) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    /// The encodings of `snapshots`, in their order; an alarm that changed in any field is encoded again.
    func encoded(_ snapshots: [AlarmSnapshot]) throws(DBusError) -> [EncodedVardict] {
        var changed = false
        return try encoded(snapshots, changed: &changed)
    }

    private func encoded(_ snapshots: [AlarmSnapshot], changed: inout Bool) throws(DBusError) -> [EncodedVardict] {
        try entries.withLock { (entries) throws(DBusError) -> [EncodedVardict] in
            var result: [EncodedVardict] = []
            result.reserveCapacity(snapshots.count)
            for snapshot in snapshots {
                if let entry = entries[snapshot.alarm.id], entry.snapshot == snapshot {
                    result.append(entry.encoded)
                } else {
                    changed = true
                    let encoded = try EncodedVardict(AlarmCodec.encode(snapshot))
                    entries[snapshot.alarm.id] = Entry(snapshot: snapshot, encoded: encoded, single: nil)
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
