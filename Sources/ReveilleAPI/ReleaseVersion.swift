/// The release both programs report (`reveille --version`, `reveilled --version`, the Version property):
/// one constant, so the agent and the client of one build never disagree.
public enum ReleaseVersion {
    public static let current = "0.3.0"
}
