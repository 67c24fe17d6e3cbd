import CQRencode

/// A QR symbol as a square of modules, `true` for dark; no quiet zone around it.
public struct QRMatrix: Equatable, Sendable {
    /// Modules per side.
    public let size: Int
    private let modules: [Bool]

    public init(size: Int, modules: [Bool]) {
        precondition(modules.count == size * size, "a QR matrix is square")
        self.size = size
        self.modules = modules
    }

    public subscript(x x: Int, y y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// `text` as a QR symbol at error correction level M, in the smallest version that holds it.
    /// The corresponding C function is `QRcode_encodeString`.
    public static func encode(_ text: String) throws(QREncodeError) -> QRMatrix {
        guard !text.utf8.contains(0) else { throw QREncodeError(reason: "the text holds a NUL byte") }
        guard let symbol = QRSymbol(text) else { throw QREncodeError(reason: "libqrencode could not encode the text") }
        return symbol.matrix
    }
}

public struct QREncodeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { "cannot make a QR code: \(reason)" }
}

/// Owns one `QRcode` from libqrencode, freed in `deinit`.
private final class QRSymbol {
    private let code: UnsafeMutablePointer<QRcode>

    init?(_ text: String) {
        // Version 0: the smallest that fits. Case-sensitive, 8-bit where the text needs it.
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        self.code = code
    }

    deinit { QRcode_free(code) }

    var matrix: QRMatrix {
        let size = Int(code.pointee.width)
        // The lowest bit of each byte is the module's colour; the others are libqrencode's bookkeeping.
        let modules = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
        return QRMatrix(size: size, modules: modules)
    }
}
