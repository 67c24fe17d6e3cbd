/// The names of Reveille's D-Bus interface. A contract: add to it, never rename.
public enum BusNames {
    public static let service = "io.github.Reveille1"
    public static let path = "/io/github/Reveille1"
    public static let manager = "io.github.Reveille1.Manager"
    public static let errorPrefix = "io.github.Reveille1.Error."
    /// What a captcha the agent opened claims (`reveille captcha --bus-name`), followed by a name only it was given.
    public static let captchaPrefix = "io.github.Reveille1.Captcha."
}
