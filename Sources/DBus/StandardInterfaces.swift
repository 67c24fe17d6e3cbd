import SystemSupport

// The interfaces every exported object has: Introspectable and Properties are
// tables like any other, served by the same dispatch; Peer is answered by
// libdbus before our filter runs, so it appears only in the XML.

enum StandardInterface {
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"
    static let peer = "org.freedesktop.DBus.Peer"
    static let names: Set<String> = [introspectable, properties, peer]
}

/// One object path as the layer serves it.
struct ObjectDescription: Sendable {
    var path: String
    var interfaces: [ExportedInterface]
    /// Names of exported nodes below this path.
    var children: [String]

    var allInterfaces: [ExportedInterface] { [introspectable, properties] + interfaces }

    // MARK: Introspectable

    private var introspectable: ExportedInterface {
        ExportedInterface(StandardInterface.introspectable, methods: [
            ExportedMethod("Introspect", out: "s", outArgs: ["xml_data"]) { _ in [.string(introspectionXML)] },
        ])
    }

    /// The introspection document, generated from the tables.
    var introspectionXML: String {
        var xml = """
            <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
            <node>
              <interface name="\(StandardInterface.peer)">
                <method name="Ping"/>
                <method name="GetMachineId">
                  <arg name="machine_uuid" type="s" direction="out"/>
                </method>
              </interface>

            """
        for interface in allInterfaces { xml += Self.xml(for: interface) }
        for child in children { xml += "  <node name=\"\(xmlEscaped(child))\"/>\n" }
        return xml + "</node>\n"
    }

    private static func xml(for interface: ExportedInterface) -> String {
        var xml = "  <interface name=\"\(interface.name)\">\n"
        for method in interface.methods {
            let args = argsXML(method.inSignature, method.inArgs, direction: "in")
                + argsXML(method.outSignature, method.outArgs, direction: "out")
            xml += element("method", method.name, args)
        }
        for signal in interface.signals {
            xml += element("signal", signal.name, argsXML(signal.signature, signal.args, direction: nil))
        }
        for property in interface.properties {
            xml += "    <property name=\"\(property.name)\" type=\"\(property.signature)\" access=\"read\"/>\n"
        }
        return xml + "  </interface>\n"
    }

    private static func element(_ kind: String, _ name: String, _ args: [String]) -> String {
        guard !args.isEmpty else { return "    <\(kind) name=\"\(name)\"/>\n" }
        return "    <\(kind) name=\"\(name)\">\n" + args.joined() + "    </\(kind)>\n"
    }

    private static func argsXML(_ signature: Signature, _ names: [String], direction: String?) -> [String] {
        signature.completeTypes.enumerated().map { index, type in
            let name = index < names.count ? " name=\"\(xmlEscaped(names[index]))\"" : ""
            let direction = direction.map { " direction=\"\($0)\"" } ?? ""
            return "      <arg\(name) type=\"\(xmlEscaped(type.text))\"\(direction)/>\n"
        }
    }

    // MARK: Properties

    private var properties: ExportedInterface {
        let interfaces = self.interfaces
        return ExportedInterface(
            StandardInterface.properties,
            methods: [
                ExportedMethod("Get", in: "ss", out: "v", inArgs: ["interface_name", "property_name"], outArgs: ["value"]) { call in
                    let property = try Self.property(call.arguments, in: interfaces)
                    return [.variant(try await Self.read(property))]
                },
                ExportedMethod("GetAll", in: "s", out: "a{sv}", inArgs: ["interface_name"], outArgs: ["properties"]) { call in
                    var values: [String: Value] = [:]
                    for property in try Self.properties(of: call.arguments.first?.stringValue ?? "", in: interfaces) {
                        values[property.name] = try await Self.read(property)
                    }
                    return [.vardict(values)]
                },
                ExportedMethod("Set", in: "ssv", inArgs: ["interface_name", "property_name", "value"]) { call in
                    let property = try Self.property(call.arguments, in: interfaces)
                    throw DBusError(name: DBusError.Name.propertyReadOnly, message: "property \(property.name) is read-only")
                },
            ],
            signals: [
                ExportedSignal(
                    "PropertiesChanged", signature: "sa{sv}as",
                    args: ["interface_name", "changed_properties", "invalidated_properties"]),
            ])
    }

    /// The properties of one interface, or of all of them for the empty name.
    private static func properties(of name: String, in interfaces: [ExportedInterface]) throws(DBusError) -> [ExportedProperty] {
        if name.isEmpty { return interfaces.flatMap(\.properties) }
        if StandardInterface.names.contains(name) { return [] }
        guard let interface = interfaces.first(where: { $0.name == name }) else {
            throw DBusError(name: DBusError.Name.unknownInterface, message: "no interface \(name)")
        }
        return interface.properties
    }

    /// The property named by the `interface_name, property_name` arguments.
    private static func property(_ arguments: [Value], in interfaces: [ExportedInterface]) throws(DBusError) -> ExportedProperty {
        let interface = arguments.first?.stringValue ?? ""
        let name = arguments.dropFirst().first?.stringValue ?? ""
        guard let property = try properties(of: interface, in: interfaces).first(where: { $0.name == name }) else {
            throw DBusError(name: DBusError.Name.unknownProperty, message: "no property \(name) in \(interface)")
        }
        return property
    }

    /// Reads a property and holds its getter to the declared type.
    private static func read(_ property: ExportedProperty) async throws -> Value {
        let value = try await property.get()
        guard value.typeSignature == property.signature else {
            throw DBusError.failed("property \(property.name) is \(value.typeSignature) but declares \(property.signature)")
        }
        return value
    }
}
