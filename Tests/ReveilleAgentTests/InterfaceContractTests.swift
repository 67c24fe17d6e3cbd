import DBus
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ReveilleAPI
import ReveilleAgent
import ReveilleCore
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// The interface the agent serves is exactly the one documented in data/io.github.Reveille1.xml.
@Suite struct InterfaceContractTests {
    @Test func theServedInterfaceMatchesTheDocumentedXML() throws {
        let documented = try DocumentedInterface.load()
        let fakes = FakeWorld(now: Instant(secondsSinceEpoch: 0))
        let core = AgentCore(world: fakes.world, config: AgentConfig(), words: WordLists(english: []))
        let served = ManagerService(core: core, version: "test").interface

        #expect(served.name == documented.name)
        #expect(Dictionary(uniqueKeysWithValues: served.methods.map { ($0.name, "\($0.inSignature)->\($0.outSignature)") })
                == documented.methods)
        #expect(Dictionary(uniqueKeysWithValues: served.properties.map { ($0.name, $0.signature.text) }) == documented.properties)
        #expect(Dictionary(uniqueKeysWithValues: served.signals.map { ($0.name, $0.signature.text) }) == documented.signals)
        #expect(Dictionary(uniqueKeysWithValues: served.methods.map { ($0.name, $0.inArgs + $0.outArgs) }) == documented.methodArgs)
    }

    @Test func everyErrorNameIsDocumented() throws {
        let text = try String(contentsOfFile: DocumentedInterface.path, encoding: .utf8)
        for kind in ReveilleErrorKind.allCases { #expect(text.contains(kind.dbusName)) }
    }
}

/// The members of the interface as data/io.github.Reveille1.xml declares them.
final class DocumentedInterface: NSObject, XMLParserDelegate {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../data/io.github.Reveille1.xml").standardized.path

    var name = ""
    var methods: [String: String] = [:]
    var methodArgs: [String: [String]] = [:]
    var properties: [String: String] = [:]
    var signals: [String: String] = [:]
    private var member: (kind: String, name: String, inSig: String, outSig: String, args: [String])?

    static func load() throws -> DocumentedInterface {
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        let document = DocumentedInterface()
        parser.delegate = document
        #expect(parser.parse())
        return document
    }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch element {
        case "interface": name = attributes["name"] ?? ""
        case "method", "signal": member = (element, attributes["name"] ?? "", "", "", [])
        case "property": properties[attributes["name"] ?? ""] = attributes["type"] ?? ""
        case "arg":
            let type = attributes["type"] ?? ""
            member?.args.append(attributes["name"] ?? "")
            if member?.kind == "method" && attributes["direction"] == "out" { member?.outSig += type } else { member?.inSig += type }
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        guard element == "method" || element == "signal", let member else { return }
        if element == "method" {
            methods[member.name] = "\(member.inSig)->\(member.outSig)"
            methodArgs[member.name] = member.args
        } else {
            signals[member.name] = member.inSig
        }
        self.member = nil
    }
}
