/// The size limits new input keeps. Alarms stored before a limit existed keep ringing as they
/// are: the store never applies these, and Preflight notes such alarms as `alarm-over-limits`.
extension Alarm {
    /// Why `label` is too long for a new alarm, or nil when it fits.
    public static func labelProblem(_ label: String) -> String? {
        if label.utf8.count > maximumLabelBytes {
            return "label is \(label.utf8.count) bytes long in UTF-8; the limit is \(maximumLabelBytes)"
        }
        if label.count > maximumLabelLength {
            return "label is \(label.count) characters long; the limit is \(maximumLabelLength)"
        }
        return nil
    }

    /// Why `code` cannot be a new alarm's QR code because of its size, or nil.
    public static func qrCodeSizeProblem(_ code: String) -> String? {
        guard code.utf8.count > Challenge.maximumQRCodeBytes else { return nil }
        return "a qr code is at most \(Challenge.maximumQRCodeBytes) bytes long in UTF-8, not \(code.utf8.count)"
    }

    /// Whether this stored alarm breaks a limit that new input keeps.
    public var exceedsLimits: Bool {
        Self.labelProblem(label) != nil || challenges.contains { challenge in
            guard case .qr(let code) = challenge.params else { return false }
            return (try? AlarmText.checkNewQRCode(code)) == nil
        }
    }
}
