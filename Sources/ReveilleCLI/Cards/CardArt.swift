import QRCode
import ReveilleText
import SystemSupport

/// How a code card looks: in the terminal once, when it is made, and as the SVG file to print.
enum CardArt {
    /// The QR code in half-block characters, two modules a line, with a quiet zone of 2. Light
    /// modules are drawn, dark ones left blank, as `qrencode -t UTF8` does: right on the usual
    /// light-on-dark terminal.
    static func terminal(_ matrix: QRMatrix) -> String {
        let quiet = 2
        let range = -quiet..<(matrix.size + quiet)
        var lines: [String] = []
        for y in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            let light = { (x: Int, y: Int) in range.contains(y) && !matrix[x: x, y: y] }
            lines.append(String(range.map { x -> Character in
                switch (light(x, y), light(x, y + 1)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            }))
        }
        return lines.joined(separator: "\n")
    }

    /// The code in `BlockFont` letters, two cells a pixel wide so that they look square.
    static func largeText(_ code: String) -> String {
        BlockFont.lines(code, at: BlockFont.Scale(columns: 2, rows: 1)).joined(separator: "\n")
    }

    /// A printable card, 80 × 110 mm: the label, the QR code with its 4-module quiet zone, and the
    /// code in letters for typing, and a caption in the CLI's language. One path draws every dark module.
    static func svg(_ matrix: QRMatrix, label: String, code: String,
                    caption: String = CLILocale.text(Message("Scan or type this code to stop the alarm"))) -> String {
        let quiet = 4
        let side = matrix.size + 2 * quiet
        var path = ""
        for y in 0..<matrix.size {
            for x in 0..<matrix.size where matrix[x: x, y: y] {
                path += "M\(x + quiet),\(y + quiet)h1v1h-1z"
            }
        }
        let scale = 60.0 / Double(side)  // the symbol is 60 mm wide
        // A long label gets smaller letters, so that it stays inside the card's 70 mm of text width.
        let labelSize = min(8, 120 / max(1, label.count))
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="80mm" height="110mm" viewBox="0 0 80 110">
              <rect width="80" height="110" fill="#fff"/>
              <rect x="0.5" y="0.5" width="79" height="109" fill="none" stroke="#000" stroke-width="0.3" stroke-dasharray="2,2"/>
              <text x="40" y="14" font-family="sans-serif" font-size="\(labelSize)" text-anchor="middle">\(xmlEscaped(label))</text>
              <g transform="translate(10,20) scale(\(scale))">
                <rect width="\(side)" height="\(side)" fill="#fff"/>
                <path d="\(path)" fill="#000" shape-rendering="crispEdges"/>
              </g>
              <text x="40" y="94" font-family="monospace" font-size="9" text-anchor="middle" letter-spacing="1">\(xmlEscaped(code))</text>
              <text x="40" y="104" font-family="sans-serif" font-size="3.5" text-anchor="middle">\(xmlEscaped(caption))</text>
            </svg>

            """
    }
}
