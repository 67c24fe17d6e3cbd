"""Compares the agent's live introspection with the contract in data/io.github.Reveille1.xml.

    introspect_compare.py CONTRACT.xml xml   < live introspection XML (gdbus/busctl --xml-interface)
    introspect_compare.py CONTRACT.xml table < `busctl --user introspect SERVICE OBJECT` output

Prints the differences and exits 1 when the manager interface's members, their argument
names, types and directions, or the properties' types and access differ.
"""
import sys
import xml.etree.ElementTree as ET

INTERFACE = "io.github.Reveille1.Manager"


def members(xml_text):
    """The interface's members as {(kind, name): description} from introspection XML."""
    root = ET.fromstring(xml_text)
    found = [i for i in root.iter("interface") if i.get("name") == INTERFACE]
    if len(found) != 1:
        sys.exit(f"{len(found)} <interface name='{INTERFACE}'> elements")
    result = {}
    for element in found[0]:
        name = element.get("name")
        if element.tag == "method":
            result[("method", name)] = [(a.get("name"), a.get("type"), a.get("direction", "in")) for a in element.iter("arg")]
        elif element.tag == "signal":
            result[("signal", name)] = [(a.get("name"), a.get("type")) for a in element.iter("arg")]
        elif element.tag == "property":
            result[("property", name)] = (element.get("type"), element.get("access"))
    return result


def table_rows(text):
    """The interface's rows of busctl's introspect table as {(kind, name): (signature, result)}."""
    rows, inside = {}, False
    for line in text.splitlines():
        cols = line.split()
        if len(cols) >= 2 and cols[1] == "interface":
            inside = cols[0] == INTERFACE
        elif inside and line.startswith("."):
            rows[(cols[1], cols[0][1:])] = (cols[2], cols[3])
    return rows


def table_of(contract):
    """What busctl's table shows for each contract member: input signature and output signature."""
    rows = {}
    for (kind, name), value in contract.items():
        if kind == "method":
            ins = "".join(t for _, t, d in value if d == "in") or "-"
            outs = "".join(t for _, t, d in value if d == "out") or "-"
            rows[(kind, name)] = (ins, outs)
        elif kind == "signal":
            rows[(kind, name)] = ("".join(t for _, t in value) or "-", "-")
        else:
            rows[(kind, name)] = (value[0], None)
    return rows


def main():
    contract = members(open(sys.argv[1]).read())
    live_text = sys.stdin.read()
    if sys.argv[2] == "xml":
        expected, actual = contract, members(live_text)
    else:
        expected, actual = table_of(contract), table_rows(live_text)
        # A property's RESULT/VALUE column is its current value, not part of the contract.
        actual = {k: (v[0], None) if k[0] == "property" else v for k, v in actual.items()}
    problems = []
    for key in sorted(set(expected) | set(actual)):
        if key not in actual:
            problems.append(f"missing {key[0]} {key[1]}: {expected[key]}")
        elif key not in expected:
            problems.append(f"extra {key[0]} {key[1]}: {actual[key]}")
        elif expected[key] != actual[key]:
            problems.append(f"{key[0]} {key[1]}: contract {expected[key]}, live {actual[key]}")
    for problem in problems:
        print(problem)
    print(f"{len(expected)} members compared, {len(problems)} differences")
    sys.exit(1 if problems else 0)


main()
