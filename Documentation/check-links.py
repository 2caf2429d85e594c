#!/usr/bin/env python3
"""Fails when prose names a symbol in code voice that could be a link.

  check-links.py GRAPHS_DIR [--fix]

A type written as `Town` in an article or a doc comment reads like a reference but leads nowhere;
written as ``Town`` (or ``/HaruModels/Town`` from another module) it is a link that the
documentation build checks. This script looks at the DocC articles of every module and of
Documentation/Haru.docc, and at every `///` comment in Sources/, for single-backtick spans that are
exactly the name of a type, protocol or type alias the documentation can link to from there: one
of the module's own, or one of a module converted before it (the order of MODULES, which is the
order Documentation/build.sh converts them in). Code blocks and headings are left alone. With
--fix, it rewrites each such span as a link.

GRAPHS_DIR holds one folder of symbol graphs per module, as Documentation/build.sh writes them.
"""
import json
import os
import re
import sys

# (module, source folder), in the order the documentation build converts them: a module can link
# to its own symbols and to those of the modules before it. The guides come last and can link to
# every module.
MODULES = [
    ("HaruModels", "Sources/Models"),
    ("HaruTesting", "Sources/Testing/Core"),
    ("HaruSettings", "Sources/Settings"),
    ("HaruForecast", "Sources/Forecast"),
    ("HaruJournal", "Sources/Journal"),
    ("HaruPlaces", "Sources/Places"),
    ("HaruViewModelCore", "Sources/ViewModels/Core"),
    ("HaruWeatherViewModels", "Sources/ViewModels/Weather"),
    ("HaruJournalViewModels", "Sources/ViewModels/Journal"),
    ("HaruSettingsViewModels", "Sources/ViewModels/Settings"),
    ("HaruViewModels", "Sources/ViewModels/All"),
    ("HaruForecastTesting", "Sources/Testing/Forecast"),
    ("HaruJournalTesting", "Sources/Testing/Journal"),
]
TYPE_KINDS = {
    "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias",
    "swift.actor",
}
SPAN = re.compile(r"(?<!`)`([A-Z][A-Za-z0-9]*)`(?!`)")


def type_names(graphs, module):
    path = os.path.join(graphs, module, f"{module}.symbols.json")
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8") as graph:
        symbols = json.load(graph)["symbols"]
    return {
        symbol["names"]["title"]
        for symbol in symbols
        if symbol["kind"]["identifier"] in TYPE_KINDS
        and len(symbol["pathComponents"]) == 1
        and symbol.get("accessLevel") in ("public", "open")
    }


def link(name, owner, module):
    return f"``{name}``" if owner == module else f"``/{owner}/{name}``"


def rewrite_line(text, linkable, module, findings, where):
    def replace(match):
        name = match.group(1)
        owner = linkable.get(name)
        if owner is None:
            return match.group(0)
        findings.append(f"{where}: `{name}` could be {link(name, owner, module)}")
        return link(name, owner, module)

    return SPAN.sub(replace, text)


def check_file(path, linkable, module, fix, findings):
    with open(path, encoding="utf-8") as source:
        lines = source.read().split("\n")
    is_swift = path.endswith(".swift")
    in_code = False
    changed = False
    for index, line in enumerate(lines):
        stripped = line.strip()
        if is_swift:
            if not stripped.startswith("///"):
                in_code = False
                continue
            prose = stripped[3:].strip()
        else:
            prose = stripped
        if prose.startswith("```"):
            in_code = not in_code
            continue
        if in_code or prose.startswith("#") or prose.startswith("@"):
            continue
        new = rewrite_line(line, linkable, module, findings, f"{path}:{index + 1}")
        if new != line:
            lines[index] = new
            changed = True
    if fix and changed:
        with open(path, "w", encoding="utf-8") as source:
            source.write("\n".join(lines))


def main():
    graphs = sys.argv[1]
    fix = "--fix" in sys.argv[2:]
    findings = []
    linkable = {}
    for module, folder in MODULES:
        if not os.path.isdir(folder):
            continue
        for name in type_names(graphs, module):
            linkable.setdefault(name, module)
        for root, _, files in os.walk(folder):
            for file in sorted(files):
                if file.endswith(".swift") or (file.endswith(".md") and ".docc" in root):
                    check_file(os.path.join(root, file), linkable, module, fix, findings)
    for root, _, files in os.walk("Documentation/Haru.docc"):
        for file in sorted(files):
            if file.endswith(".md"):
                check_file(os.path.join(root, file), linkable, None, fix, findings)
    for finding in findings:
        print(("fixed " if fix else "error: ") + finding, file=sys.stderr)
    if findings and not fix:
        print(
            f"{len(findings)} names in code voice could be links; run "
            "`python3 Documentation/check-links.py .build/docs-build/symbol-graphs --fix`",
            file=sys.stderr,
        )
        return 1
    print("every type named in code voice that could be a link is one")
    return 0


if __name__ == "__main__":
    sys.exit(main())
