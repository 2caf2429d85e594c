#!/usr/bin/env python3
"""Fails when a public declaration of a module has no page in the module's documentation archive.

  check-pages.py SYMBOL_GRAPH_DIR ARCHIVE

SYMBOL_GRAPH_DIR holds the module's symbol graphs (its own and those of its extensions to other
modules' types); ARCHIVE is the archive `docc convert --emit-digest` wrote from them, whose
linkable-entities.json lists every page with the symbol it documents.
"""
import glob
import json
import os
import sys


def main() -> int:
    graphs, archive = sys.argv[1], sys.argv[2]
    with open(os.path.join(archive, "linkable-entities.json"), encoding="utf-8") as entities:
        documented = {entity.get("usr") for entity in json.load(entities)}
    missing = []
    count = 0
    for path in sorted(glob.glob(os.path.join(graphs, "*.symbols.json"))):
        with open(path, encoding="utf-8") as graph:
            symbols = json.load(graph)["symbols"]
        for symbol in symbols:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            count += 1
            if symbol["identifier"]["precise"] not in documented:
                name = ".".join(symbol["pathComponents"])
                missing.append(f"{name} ({symbol['kind']['displayName']}, {os.path.basename(path)})")
    for line in missing:
        print(f"error: no page for the public declaration {line}", file=sys.stderr)
    if missing:
        return 1
    print(f"{os.path.basename(archive)}: every one of {count} public declarations has a page")
    return 0


if __name__ == "__main__":
    sys.exit(main())
