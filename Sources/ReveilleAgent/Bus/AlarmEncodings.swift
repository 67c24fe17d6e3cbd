import DBus
import ReveilleAPI
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import Synchronization

/// Each alarm's `a{sv}` in wire form, kept until its snapshot changes, so that ListAlarms only
/// copies bytes and GetAlarm answers with a reply libdbus has checked before, during dispatch
/// while the core's generation has not moved.
final class AlarmEncodings: Sendable {
    /// A class, so that GetAlarm's look-up during dispatch copies no snapshot.
    private final class Entry {
        let snapshot: AlarmSnapshot
        let encoded: EncodedVardict
        /// GetAlarm's body, made on its first call.
        var single: EncodedBody?
        /// The newest core generation `snapshot` was read at, with the database open; nil when unknown.
        var heldAt: UInt64?

        init(snapshot: AlarmSnapshot, encoded: EncodedVardict, heldAt: UInt64?) {
            self.snapshot = snapshot
            self.encoded = encoded
            self.heldAt = heldAt
        }

        /// The body of the alarm's `a{sv}`, made once.
        var body: EncodedBody {
            if let single { return single }
            let body = EncodedBody.vardict(encoded)
            single = body
            return body
        }
    }

    private let entries = Mutex<[AlarmID: Entry]>([:])
    /// The generation at which a GetAlarm last read one alarm.
    private let lastReadOfOne = Mutex<UInt64?>(nil)
    /// The last list made, reused while no alarm changed.
    private let last = Mutex<(order: [AlarmID], body: EncodedBody)?>(nil)

    /// The `aa{sv}` of `snapshots`: the last one again when nothing changed, so that libdbus
    /// checks it once rather than on every call.
    func list(_ snapshots: [AlarmSnapshot]) throws(DBusError) -> EncodedBody {
        var changed = false
        let encoded = try entries.withLock { (entries) throws(DBusError) in
            try Self.update(&entries, to: snapshots, heldAt: nil, changed: &changed)
        }
        let order = snapshots.map(\.alarm.id)
        return last.withLock { last in
            if !changed, let last, last.order == order { return last.body }
            let body = EncodedBody.vardictArray(encoded)
            last = (order, body)
            return body
        }
    }

    /// The `a{sv}` of one alarm, read by the core at `generation` with its database open: `held` gives it again while that lasts.
    func one(_ snapshot: AlarmSnapshot, generation: UInt64) throws(DBusError) -> EncodedBody {
        try entries.withLock { (entries) throws(DBusError) -> EncodedBody in
            let id = snapshot.alarm.id
            if let entry = entries[id], entry.snapshot == snapshot {
                // Two reads may finish out of order; the newer generation is the one that can still be current.
                if (entry.heldAt ?? 0) < generation { entry.heldAt = generation }
                return entry.body
            }
            let entry = Entry(snapshot: snapshot, encoded: try EncodedVardict(AlarmCodec.encode(snapshot)), heldAt: generation)
            entries[id] = entry
            return entry.body
        }
    }

    /// Whether a GetAlarm already read one alarm at `generation`: then the next one reads them all, so that
    /// going through every alarm after a change costs two reads of the core, while an edit followed by
    /// a read of the edited alarm never pays for reading all of them.
    func readOneAlready(at generation: UInt64) -> Bool {
        lastReadOfOne.withLock { last in
            defer { last = generation }
            return last == generation
        }
    }

    /// Takes `snapshots`, every alarm as the core had them at `generation` with its database open,
    /// as what GetAlarm answers until the generation moves; returns the answer for `id`, one of them.
    func hold(_ snapshots: [AlarmSnapshot], at generation: UInt64, answering id: AlarmID) throws(DBusError) -> EncodedBody {
        try entries.withLock { (entries) throws(DBusError) -> EncodedBody in
            var changed = false
            _ = try Self.update(&entries, to: snapshots, heldAt: generation, changed: &changed)
            guard let entry = entries[id] else {
                throw DBusError(name: DBusError.Name.failed, message: "alarm \(id) was not among the snapshots")
            }
            return entry.body
        }
    }

    /// GetAlarm's answer for `id` if `hold` took it at `generation`, the core's current one: the core
    /// has changed nothing it answers from since, so the body is what reading it again would give.
    func held(_ id: AlarmID, at generation: UInt64) -> EncodedBody? {
        entries.withLock { entries in
            guard let entry = entries[id], entry.heldAt == generation else { return nil }
            return entry.body
        }
    }

    /// Drops a removed alarm's encodings at once, rather than at the next list.
    func forget(_ id: AlarmID) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    /// The encodings of `snapshots`, in their order; an alarm that changed in any field is encoded again.
    func encoded(_ snapshots: [AlarmSnapshot]) throws(DBusError) -> [EncodedVardict] {
        var changed = false
        return try entries.withLock { (entries) throws(DBusError) in
            try Self.update(&entries, to: snapshots, heldAt: nil, changed: &changed)
        }
    }

    /// Brings `entries` to `snapshots`, all the alarms there are, and returns their encodings in order.
    /// `heldAt` is the generation they were read at, if known; it never takes an entry's back.
    private static func update(_ entries: inout [AlarmID: Entry], to snapshots: [AlarmSnapshot], heldAt generation: UInt64?,
                               changed: inout Bool) throws(DBusError) -> [EncodedVardict] {
        var result: [EncodedVardict] = []
        result.reserveCapacity(snapshots.count)
        for snapshot in snapshots {
            let id = snapshot.alarm.id
            if let entry = entries[id], entry.snapshot == snapshot {
                result.append(entry.encoded)
                if let generation, (entry.heldAt ?? 0) < generation { entry.heldAt = generation }
            } else {
                changed = true
                let encoded = try EncodedVardict(AlarmCodec.encode(snapshot))
                entries[id] = Entry(snapshot: snapshot, encoded: encoded, heldAt: generation)
                result.append(encoded)
            }
        }
        // Every alarm is now in; anything more is a removed alarm.
        if entries.count > snapshots.count {
            let listed = Set(snapshots.map(\.alarm.id))
            entries = entries.filter { listed.contains($0.key) }
        }
        return result
    }

    /// How many alarms are held, for tests.
    var count: Int { entries.withLock(\.count) }
}
