import Crypt
import ReveilleCore

/// Code cards' hashes through libxcrypt (yescrypt).
public struct LiveCodeHasher: CodeHasher {
    public init() {}
    public func hash(_ code: String) throws -> String { try SaltedHash.make(code) }
    public func matches(_ code: String, hash: String) -> Bool { SaltedHash.matches(code, hash: hash) }
}
