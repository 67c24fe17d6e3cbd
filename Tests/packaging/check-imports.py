#!/usr/bin/env python3
"""Every target declares in Package.swift each target of this package it imports.

A target that reaches another only through a third builds today and breaks the day the third
drops it; the declared graph is also the one a reader trusts. Reads `swift package dump-package`.
"""
import json
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                    capture_output=True, text=True).stdout)
targets = {t["name"]: t for t in package["targets"]}
problems = []
for name, target in sorted(targets.items()):
    if target["type"] == "system":
        continue
    declared = set()
    for dependency in target["dependencies"]:
        (kind, value), = dependency.items()
        declared.add(value[0])
    default = "Tests" if target["type"] == "test" else "Sources"
    directory = os.path.join(root, target.get("path") or os.path.join(default, name))
    imported = set()
    for folder, _, files in os.walk(directory):
        for file in files:
            if file.endswith(".swift"):
                with open(os.path.join(folder, file), encoding="utf-8") as source:
                    imported |= set(re.findall(r"^(?:@testable\s+)?import\s+(\w+)", source.read(), re.M))
    missing = sorted((imported & set(targets)) - declared - {name})
    if missing:
        problems.append(f"{name} imports {', '.join(missing)} without declaring it")
for problem in problems:
    print(f"check-imports: FAIL: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-imports: every one of {len(targets)} targets declares what it imports", file=sys.stderr)
