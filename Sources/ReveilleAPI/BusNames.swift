/// The names of Reveille's D-Bus interface. A contract: add to it, never rename.
public enum BusNames {
    public static let service = "io.github.Reveille1"
    public static let path = "/io/github/Reveille1"
    public static let manager = "io.github.Reveille1.Manager"
    public static let errorPrefix = "io.github.Reveille1.Error."
}
