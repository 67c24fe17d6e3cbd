import Crypt
import Testing

@Suite struct SaltedHashTests {
    @Test func aHashIsYescryptAndNeverHoldsTheSecret() throws {
        let hash = try SaltedHash.make("KX7MPRWC94")
        #expect(hash.hasPrefix("$y$"))
        #expect(!hash.contains("KX7MPRWC94"))
    }

    @Test func theSecretMatchesItsHashAndNothingElseDoes() throws {
        let hash = try SaltedHash.make("KX7MPRWC94")
        #expect(SaltedHash.matches("KX7MPRWC94", hash: hash))
        #expect(!SaltedHash.matches("KX7MPRWC93", hash: hash))
        #expect(!SaltedHash.matches("kx7mprwc94", hash: hash))  // case is the caller's to fold
        #expect(!SaltedHash.matches("", hash: hash))
    }

    @Test func twoHashesOfOneSecretDifferByTheirSalt() throws {
        #expect(try SaltedHash.make("KX7MPRWC94") != SaltedHash.make("KX7MPRWC94"))
    }

    @Test func aDamagedHashIsToldFromAGoodOne() throws {
        #expect(SaltedHash.canCheck(try SaltedHash.make("KX7MPRWC94")))
        for damaged in ["", "*0", "$y$j9T$abc", "$y$garbage", "$y$j9T$abcdefghijklmnopqrstu!$abc", "x"] {
            #expect(!SaltedHash.canCheck(damaged), "\(damaged)")
        }
    }

    @Test func aDamagedHashMatchesNothing() {
        #expect(!SaltedHash.matches("KX7MPRWC94", hash: ""))
        #expect(!SaltedHash.matches("KX7MPRWC94", hash: "*0"))
        #expect(!SaltedHash.matches("KX7MPRWC94", hash: "$y$nonsense"))
        #expect(!SaltedHash.matches("KX7\0MPRWC94", hash: "$y$nonsense"))
    }
}
