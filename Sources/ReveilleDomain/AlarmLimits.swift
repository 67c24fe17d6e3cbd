import ReveilleText

/// The size limits new input keeps. Alarms stored before a limit existed keep ringing as they
/// are: the store never applies these, and Preflight notes such alarms as `alarm-over-limits`.
extension Alarm {
    /// Why `label` is too long for a new alarm, or nil when it fits.
    public static func labelProblem(_ label: String) -> Message? {
        if label.utf8.count > maximumLabelBytes {
            return Message("label is {bytes} bytes long in UTF-8; the limit is {limit}",
                           ["bytes": String(label.utf8.count), "limit": String(maximumLabelBytes)])
        }
        if label.count > maximumLabelLength {
            return Message("label is {length} characters long; the limit is {limit}",
                           ["length": String(label.count), "limit": String(maximumLabelLength)])
        }
        return nil
    }

    /// Why `code` cannot be a new alarm's QR code because of its size, or nil.
    public static func qrCodeSizeProblem(_ code: String) -> Message? {
        guard code.utf8.count > Challenge.maximumQRCodeBytes else { return nil }
        return Message("a qr code is at most {limit} bytes long in UTF-8, not {bytes}",
                       ["limit": String(Challenge.maximumQRCodeBytes), "bytes": String(code.utf8.count)])
    }

    /// Whether this stored alarm breaks a limit that new input keeps.
    public var exceedsLimits: Bool {
        Self.labelProblem(label) != nil || challenges.contains { challenge in
            guard case .qr(let code) = challenge.params else { return false }
            return (try? AlarmText.checkNewQRCode(code)) == nil
        }
    }
}
