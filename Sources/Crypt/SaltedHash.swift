import CCrypt
import Glibc
import SystemSupport

/// Salted one-way hashes in crypt(3) form (`$y$…`, yescrypt), as libxcrypt makes them.
public enum SaltedHash {
    /// The method new hashes use: yescrypt, libxcrypt's own default on Debian 12.
    static let prefix = "$y$"

    /// A new hash of `secret` under a fresh random salt.
    /// The corresponding C functions are `crypt_gensalt_rn` and `crypt_r`.
    public static func make(_ secret: String) throws(SystemError) -> String {
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        // With no random bytes given, libxcrypt reads them from the kernel itself.
        guard crypt_gensalt_rn(prefix, 0, nil, 0, &setting, Int32(setting.count)) != nil else {
            throw SystemError(call: "crypt_gensalt_rn", code: errno)
        }
        let settingText = String(decoding: setting.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let hash = CryptWorkspace().hash(secret, setting: settingText) else {
            throw SystemError(call: "crypt_r", code: errno == 0 ? EINVAL : errno)
        }
        return hash
    }

    /// Whether `secret` hashes to `hash` under `hash`'s own method and salt. The two hashes are
    /// compared in constant time, so how long an answer takes says nothing about how close it was.
    public static func matches(_ secret: String, hash: String) -> Bool {
        guard let computed = CryptWorkspace().hash(secret, setting: hash) else { return false }
        return constantTimeEqual(Array(computed.utf8), Array(hash.utf8))
    }

    /// Whether libxcrypt can check secrets against `hash` at all: a damaged hash (cut short, a
    /// method or salt it does not know) is refused by `crypt_r`, and no secret would ever match it.
    /// Refusing is quick; a hash that is fine costs one hashing to find out.
    public static func canCheck(_ hash: String) -> Bool {
        CryptWorkspace().hash("", setting: hash) != nil
    }

    /// Equal bytes, looking at every byte of the longer side whatever the first difference.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}

/// The scratch memory of one `crypt_r` call (`struct crypt_data`, 32 KiB): owned, zeroed on the
/// way in and out (it held the secret), and freed in `deinit`.
final class CryptWorkspace {
    private let data: UnsafeMutablePointer<crypt_data>

    init() {
        data = .allocate(capacity: 1)
        memset(data, 0, MemoryLayout<crypt_data>.size)
    }

    deinit {
        memset(data, 0, MemoryLayout<crypt_data>.size)
        data.deallocate()
    }

    /// The hash of `secret` under `setting` (a salt, or a whole hash to check against); nil when
    /// libxcrypt refuses the setting. The corresponding C function is `crypt_r`.
    func hash(_ secret: String, setting: String) -> String? {
        errno = 0
        guard !secret.utf8.contains(0), let result = crypt_r(secret, setting, data) else { return nil }
        let text = String(cString: result)
        // A failure is "*0" or "*1", never a hash: it starts with '*'.
        guard !text.hasPrefix("*") else { return nil }
        return text
    }
}
