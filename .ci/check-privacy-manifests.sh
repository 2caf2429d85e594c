#!/usr/bin/env bash
# Fails when code an app ships uses one of Apple's "required reason" APIs without its category in
# the privacy manifest (PrivacyInfo.xcprivacy) of the target it is in, or when a manifest is not
# one App Store Connect and Xcode would read. Since 2024-05-01 App Store Connect refuses an upload
# whose code uses such an API without a declared reason (ITMS-91053); an SDK declares its own.
#
# Usage: bash .ci/check-privacy-manifests.sh              (checks this repository)
#        bash .ci/check-privacy-manifests.sh --self-test  (checks the check on made-up packages it
#                                                          writes to a temporary folder)
#
# Which targets: the targets of the library products in Package.swift and every target they
# depend on inside this package (HaruShared, CHaruSQLite): that is the code an app links.
# Executables, test targets and test helpers are not shipped in an app and are not read.
#
# For each such target:
# - every `.swift`, `.c` and `.h` file in its folder (less its `exclude:` entries) is read, with
#   comments and the text of string literals ignored (the code of an interpolation is read). A
#   Swift line inside `#if` blocks that cannot be true on any Apple system (`#if os(Linux)`, the
#   `#else` of `#if canImport(Darwin)`) is not code an app ships and is skipped; C preprocessor
#   conditions are not evaluated (every C line counts).
# - each use of an API of a category (the table API_PATTERNS below) needs that category in the
#   target's manifest: a use without it is printed as `path:line: API: category … missing` and
#   fails, whether the manifest lacks the category or the target has no manifest;
# - a category declared that no code of the target uses is printed as a warning (exit 0 if
#   nothing else is wrong): a manifest should say what the code does, not more.
# Every manifest must be an XML property list with Apple's four keys and their types, list each
# category once with reasons Apple lists for that category (REASONS below), be named in its
# target's `resources:` (`.copy("PrivacyInfo.xcprivacy")` or `.process(…)`), and sit inside that
# target's folder: SwiftPM bundles only a target's own declared resources, so any other
# `.xcprivacy` file in the package would not ship, and fails.
#
# Reading Package.swift: the manifest is read as text, not run. It must declare its products and
# targets as literals in `Package(products: [...], targets: [...])`, with the `name:`, `path:`,
# `dependencies:`, `exclude:` and `resources:` arguments written as string literals; a target
# added or changed by code after `Package(...)` (a loop over `package.targets`, a variable) is
# not seen. A target without `path:` is in `Sources/<name>`.
#
# Exit status: 0 when nothing is wrong (warnings may be printed), 1 when something is, 2 when
# Package.swift cannot be read this way. Needs bash and python3 (standard library); no network.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

exec python3 - "$@" <<'PYTHON'
import contextlib
import io
import os
import plistlib
import re
import sys
import tempfile

# Comments and strings blanked, `#if` conditions evaluated: shared with the other check.
sys.path.insert(0, os.path.join(os.getcwd(), ".ci"))
from swift_source import conjunction, evaluate, negation, strip  # noqa: E402

# Apple's categories and the reasons Apple lists for each: "Describing use of required reason
# API", developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api
# (and TN3183). A reason of one category is never valid in another.
REASONS = {
    # File timestamps: DDA9.1 shown to the person using the device; C617.1 files inside the app's
    # or its group's container (Haru's own files); 3B52.1 files the user granted access to;
    # 0A2A.1 an SDK's wrapper the app calls.
    "NSPrivacyAccessedAPICategoryFileTimestamp": ("DDA9.1", "C617.1", "3B52.1", "0A2A.1"),
    # System boot time: 35F9.1 elapsed time between events in the app, timers; 8FFB.1 absolute
    # timestamps of events in the app; 3D61.1 an optional bug report the user chooses to send.
    "NSPrivacyAccessedAPICategorySystemBootTime": ("35F9.1", "8FFB.1", "3D61.1"),
    # Disk space: 85F4.1 shown to the user; E174.1 checking there is room before writing, or
    # deleting files when space is low; 7D9E.1 an optional bug report; B728.1 health research.
    "NSPrivacyAccessedAPICategoryDiskSpace": ("85F4.1", "E174.1", "7D9E.1", "B728.1"),
    # Active keyboards: 3EC4.1 a custom keyboard app; 54BD.1 choosing what the app shows.
    "NSPrivacyAccessedAPICategoryActiveKeyboards": ("3EC4.1", "54BD.1"),
    # User defaults: CA92.1 the app's own defaults; 1C8F.1 defaults of the app's App Group
    # (a suite named `group.…`); C56D.1 an SDK's wrapper the app calls; AC6B.1 the MDM
    # configuration keys.
    "NSPrivacyAccessedAPICategoryUserDefaults": ("CA92.1", "1C8F.1", "C56D.1", "AC6B.1"),
}

FILE_TIMESTAMP = "NSPrivacyAccessedAPICategoryFileTimestamp"
BOOT_TIME = "NSPrivacyAccessedAPICategorySystemBootTime"
DISK_SPACE = "NSPrivacyAccessedAPICategoryDiskSpace"
KEYBOARDS = "NSPrivacyAccessedAPICategoryActiveKeyboards"
USER_DEFAULTS = "NSPrivacyAccessedAPICategoryUserDefaults"

# The APIs looked for: (name shown, pattern on code without comments and strings, categories a
# use needs). Apple's lists per category, and their kin that read the same information.
API_PATTERNS = [
    # File timestamps. FileManager's attribute keys and URL resource keys and values; reading an
    # item's attributes at all (attributesOfItem returns its dates); the stat and getattrlist
    # families (a Swift `stat()` makes the structure only those calls fill). getattrlist can read
    # a volume's free space too: Apple lists it under both categories.
    ("file timestamp attribute",
     r"\b(?:NSFile)?(?:creationDate|modificationDate|CreationDate|ModificationDate)\b"
     r"|\bfileModificationDate\b|\bfileCreationDate\b"
     r"|\b(?:NSURL)?(?:contentModificationDate|creationDate|attributeModificationDate"
     r"|contentAccessDate|addedToDirectoryDate|ContentModificationDate|CreationDate"
     r"|AttributeModificationDate|ContentAccessDate|AddedToDirectoryDate)Key\b",
     (FILE_TIMESTAMP,)),
    ("attributesOfItem", r"\battributesOfItem\s*\(", (FILE_TIMESTAMP,)),
    ("stat", r"(?<![\w.])(?:stat|fstat|lstat|fstatat|stat64|fstat64|lstat64|statx)\s*\(",
     (FILE_TIMESTAMP,)),
    ("getattrlist", r"\b(?:getattrlist|getattrlistbulk|fgetattrlist|getattrlistat)\s*\(",
     (FILE_TIMESTAMP, DISK_SPACE)),
    # System boot time. Apple names ProcessInfo.systemUptime and mach_absolute_time(). Haru counts
    # as well every other reading of the same counters, which Apple does not list (see
    # Documentation/Haru.docc/ApplePlatforms.md): the other mach clocks, clock_gettime on a
    # monotonic or uptime clock, Swift's ContinuousClock and SuspendingClock, and DispatchTime
    # (whose value is mach_absolute_time's), including `deadline: .now()`.
    ("systemUptime", r"\bsystemUptime\b", (BOOT_TIME,)),
    ("mach time", r"\bmach_(?:absolute|continuous|approximate)_time\b", (BOOT_TIME,)),
    ("monotonic clock_gettime",
     r"\bclock_gettime(?:_nsec_np)?\s*\(\s*(?:CLOCK_MONOTONIC|CLOCK_MONOTONIC_RAW"
     r"|CLOCK_UPTIME_RAW|CLOCK_BOOTTIME|CLOCK_UPTIME)\b", (BOOT_TIME,)),
    ("ContinuousClock", r"\bContinuousClock\b", (BOOT_TIME,)),
    ("SuspendingClock", r"\bSuspendingClock\b", (BOOT_TIME,)),
    ("DispatchTime", r"\bDispatchTime\b(?!Interval)|\bdeadline\s*:\s*\.now\s*\(\s*\)",
     (BOOT_TIME,)),
    # Disk space.
    ("volume capacity",
     r"\b(?:NSURL)?[vV]olume(?:AvailableCapacity(?:ForImportantUsage|ForOpportunisticUsage)?"
     r"|TotalCapacity)(?:Key)?\b", (DISK_SPACE,)),
    ("file system size",
     r"\b(?:NSFileSystem(?:Free)?Size|systemFreeSize|systemSize)\b"
     r"|\battributesOfFileSystem\s*\(", (DISK_SPACE,)),
    ("statfs", r"(?<![\w.])(?:statfs|fstatfs|statvfs|fstatvfs|statfs64|fstatfs64)\s*\(",
     (DISK_SPACE,)),
    # Active keyboards.
    ("activeInputModes", r"\bactiveInputModes\b", (KEYBOARDS,)),
    # User defaults, and SwiftUI's wrapper over them.
    ("UserDefaults", r"\b(?:NS)?UserDefaults\b|@AppStorage\b", (USER_DEFAULTS,)),
]
COMPILED = [(name, re.compile(pattern), needs) for name, pattern, needs in API_PATTERNS]

MANIFEST_NAME = "PrivacyInfo.xcprivacy"
TOP_KEYS = {
    "NSPrivacyTracking": bool,
    "NSPrivacyTrackingDomains": list,
    "NSPrivacyCollectedDataTypes": list,
    "NSPrivacyAccessedAPITypes": list,
}
APPLE_SYSTEMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
KNOWN_SYSTEMS = {"macOS", "OSX", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI",
                 "Cygwin", "PS4", "Haiku", "none", "iOS", "tvOS", "watchOS", "visionOS", "xrOS"}
APPLE_MODULES = {"Darwin", "Foundation", "Dispatch", "ObjectiveC", "CoreFoundation", "Security",
                 "os", "Combine", "SwiftUI", "SQLite3"}
MAC_MODULES = {"AppKit", "Cocoa", "Carbon"}
NON_APPLE_MODULES = {"Glibc", "Musl", "WinSDK", "Android", "Bionic", "WASILibc", "CRT", "ucrt",
                     "CSQLite"}


class Unreadable(Exception):
    """Package.swift, or a source file's `#if` blocks, cannot be read the way this script reads
    them."""


# ---------------------------------------------------------------------------------------------
# Source text: comments and string literals blanked by .ci/swift_source.py, line numbers kept.

def strip_c(text):
    """C and headers: character literals blanked first (a `'"'` would open a string), then the
    same reading; C has no raw or multi-line strings, and no `#"`."""
    text = re.sub(r"'(?:\\.|[^\\'\n])'", lambda m: " " * len(m.group(0)), text)
    return strip(text)


def atom(word, system):
    """True, False or None (undecided) for one atom of an `#if` condition on one Apple system."""
    m = re.fullmatch(r"(\w+)\((.*)\)", word)
    if not m:
        return {"true": True, "false": False}.get(word)
    kind, argument = m.group(1), m.group(2).split(",")[0].strip()
    if kind == "os":
        if argument == system or (system == "macOS" and argument == "OSX") or (
                system == "visionOS" and argument == "xrOS"):
            return True
        return False if argument in KNOWN_SYSTEMS else None
    if kind == "canImport":
        if argument in NON_APPLE_MODULES:
            return False
        if argument in APPLE_MODULES:
            return True
        if argument in MAC_MODULES:
            return system == "macOS"
        if argument == "UIKit":
            return True if system in ("iOS", "tvOS", "visionOS") else None
        return None
    if kind == "_runtime":
        return argument == "_ObjC"
    return None


def uses(path, display):
    """The uses of required-reason APIs in one file: (display path, line, API name, categories)."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    swift = path.endswith(".swift")
    code = strip(text) if swift else strip_c(text)
    found = []
    frames = []
    for number, line in enumerate(code.split("\n"), start=1):
        if swift:
            directive = re.match(r"\s*#(if|elseif|else|endif)\b(.*)", line)
            if directive:
                kind, rest = directive.group(1), directive.group(2).strip()
                if kind == "if":
                    values = {s: evaluate(rest, lambda word, s=s: atom(word, s)) for s in APPLE_SYSTEMS}
                    frames.append({"previous": [values], "active": values})
                elif not frames:
                    raise Unreadable(f"{display}:{number}: #{kind} without #if")
                elif kind == "elseif":
                    frame = frames[-1]
                    values = {s: evaluate(rest, lambda word, s=s: atom(word, s)) for s in APPLE_SYSTEMS}
                    frame["active"] = {
                        s: conjunction([negation(v[s]) for v in frame["previous"]] + [values[s]])
                        for s in APPLE_SYSTEMS}
                    frame["previous"].append(values)
                elif kind == "else":
                    frame = frames[-1]
                    frame["active"] = {
                        s: conjunction([negation(v[s]) for v in frame["previous"]])
                        for s in APPLE_SYSTEMS}
                else:
                    frames.pop()
                continue
            shipped = any(conjunction([f["active"][s] for f in frames]) is not False
                          for s in APPLE_SYSTEMS)
            if not shipped:
                continue
        for name, pattern, needs in COMPILED:
            if pattern.search(line):
                found.append((display, number, name, needs))
    if frames:
        raise Unreadable(f"{display}: #if without #endif")
    return found


# ---------------------------------------------------------------------------------------------
# Package.swift, read as text.

def without_comments(text):
    """Package.swift with its comments blanked and its string literals kept."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            out.append(" ")
            continue
        if text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
            continue
        out.append(text[i])
        i += 1
    return "".join(out)


def closing(text, start):
    """The index just past the bracket that closes the one at text[start]."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    depth = []
    i = start
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in pairs:
            depth.append(pairs[c])
        elif c in ")]}":
            if not depth or depth.pop() != c:
                raise Unreadable(f"unbalanced {c} at offset {i}")
            if not depth:
                return i + 1
        i += 1
    raise Unreadable("a bracket is never closed")


def elements(text):
    """Splits the inside of a bracket at its top-level commas."""
    parts = []
    depth = 0
    current = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            current.append(text[i:j + 1])
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(c)
        i += 1
    if "".join(current).strip():
        parts.append("".join(current).strip())
    return parts


def arguments(call):
    """The labelled arguments of `.kind(label: value, ...)`: {label: value text}, and the kind."""
    m = re.match(r"\.(\w+)\s*\(", call)
    if not m:
        return None, {}
    inside = call[m.end() - 1:closing(call, m.end() - 1)][1:-1]
    result = {}
    for part in elements(inside):
        labelled = re.match(r"(\w+)\s*:\s*(.*)\Z", part, re.S)
        if labelled:
            result[labelled.group(1)] = labelled.group(2).strip()
    return m.group(1), result


def literal(value):
    m = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', value.strip())
    if not m:
        raise Unreadable(f"not a string literal: {value.strip()[:60]}")
    return m.group(1)


def array(value):
    value = value.strip()
    if not value.startswith("["):
        raise Unreadable(f"not an array literal: {value[:60]}")
    return elements(value[1:closing(value, 0) - 1])


def read_package(root):
    """Returns (targets by name, names of library products' targets). A target is a dict with
    kind, path, dependencies (names), exclude (paths) and resources ((rule, path) pairs)."""
    with open(os.path.join(root, "Package.swift"), encoding="utf-8") as handle:
        text = without_comments(handle.read())
    m = re.search(r"\bPackage\s*\(", text)
    if not m:
        raise Unreadable("Package.swift has no `Package(`")
    kind, package = arguments("." + text[m.start():closing(text, m.end() - 1)])
    if "targets" not in package:
        raise Unreadable("Package(...) has no `targets:` array")
    targets = {}
    for element in array(package["targets"]):
        kind, args = arguments(element)
        if kind is None or "name" not in args:
            raise Unreadable(f"not a target declaration: {element[:60]}")
        name = literal(args["name"])
        dependencies = []
        for dependency in array(args["dependencies"]) if "dependencies" in args else []:
            if dependency.startswith('"'):
                dependencies.append(literal(dependency))
            else:
                dependency_kind, dependency_args = arguments(dependency)
                if dependency_kind in ("target", "byName") and "name" in dependency_args:
                    dependencies.append(literal(dependency_args["name"]))
        resources = []
        for resource in array(args["resources"]) if "resources" in args else []:
            rule_m = re.match(r"\.(copy|process|embedInCode)\s*\(\s*(\"(?:[^\"\\]|\\.)*\")",
                              resource)
            if not rule_m:
                raise Unreadable(f"{name}: a resource this script cannot read: {resource[:60]}")
            resources.append((rule_m.group(1), literal(rule_m.group(2))))
        targets[name] = {
            "kind": kind,
            "path": literal(args["path"]) if "path" in args else f"Sources/{name}",
            "dependencies": dependencies,
            "exclude": [literal(e) for e in array(args["exclude"])] if "exclude" in args else [],
            "resources": resources,
        }
    products = set()
    for element in array(package["products"]) if "products" in package else []:
        kind, args = arguments(element)
        if kind == "library" and "targets" in args:
            products.update(literal(t) for t in array(args["targets"]))
    return targets, products


def shipped_targets(targets, products):
    """The products' targets and every target of this package they depend on, regular targets
    only (a system library's module map is the system's code)."""
    result = set()
    queue = [name for name in products if name in targets]
    while queue:
        name = queue.pop()
        if name in result:
            continue
        result.add(name)
        queue += [d for d in targets[name]["dependencies"] if d in targets]
    return sorted(n for n in result if targets[n]["kind"] == "target")


# ---------------------------------------------------------------------------------------------
# Manifests.

def read_manifest(path, display):
    """Returns (declared {category: reasons}, problems)."""
    problems = []
    try:
        with open(path, "rb") as handle:
            manifest = plistlib.load(handle, fmt=plistlib.FMT_XML)
    except Exception as error:  # plistlib raises several kinds for text that is not a plist.
        return {}, [f"{display}: not an XML property list ({type(error).__name__}: {error})"]
    if not isinstance(manifest, dict):
        return {}, [f"{display}: the property list is a {type(manifest).__name__}, not a dict"]
    for key, kind in TOP_KEYS.items():
        if key not in manifest:
            problems.append(f"{display}: no {key}")
        elif not isinstance(manifest[key], kind):
            problems.append(f"{display}: {key} is a {type(manifest[key]).__name__}, "
                            f"not a {kind.__name__}")
    for key in manifest:
        if key not in TOP_KEYS:
            problems.append(f"{display}: unknown key {key}")
    if manifest.get("NSPrivacyTracking") is True:
        problems.append(f"{display}: NSPrivacyTracking is true; Haru tracks no one")
    for key in ("NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes"):
        if isinstance(manifest.get(key), list) and manifest[key]:
            problems.append(f"{display}: {key} is not empty; Haru reaches no tracking domain and "
                            "collects no data")
    declared = {}
    entries = manifest.get("NSPrivacyAccessedAPITypes")
    for index, entry in enumerate(entries if isinstance(entries, list) else []):
        where = f"{display}: NSPrivacyAccessedAPITypes[{index}]"
        if not isinstance(entry, dict):
            problems.append(f"{where} is a {type(entry).__name__}, not a dict")
            continue
        unknown = set(entry) - {"NSPrivacyAccessedAPIType", "NSPrivacyAccessedAPITypeReasons"}
        if unknown:
            problems.append(f"{where}: unknown key {', '.join(sorted(unknown))}")
        category = entry.get("NSPrivacyAccessedAPIType")
        reasons = entry.get("NSPrivacyAccessedAPITypeReasons")
        if not isinstance(category, str):
            problems.append(f"{where}: NSPrivacyAccessedAPIType is not a string")
            continue
        if category not in REASONS:
            problems.append(f"{where}: {category} is not one of Apple's categories")
            continue
        if category in declared:
            problems.append(f"{where}: {category} is declared twice")
        if not isinstance(reasons, list) or not reasons or not all(
                isinstance(r, str) for r in reasons):
            problems.append(f"{where}: NSPrivacyAccessedAPITypeReasons for {category} is not a "
                            "non-empty array of strings")
            continue
        for reason in reasons:
            if reason not in REASONS[category]:
                owner = [c for c, codes in REASONS.items() if reason in codes]
                also = (f" (it is a reason of {owner[0]})" if owner
                        else " (Apple lists no such code)")
                problems.append(f"{display}: reason {reason} is not one of {category}'s "
                                f"({', '.join(REASONS[category])}){also}")
        declared[category] = reasons
    return declared, problems


def inside(path, folder):
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def check(root):
    """Prints problems and warnings for the package at root and returns the exit status."""
    errors = []
    warnings = []
    try:
        targets, products = read_package(root)
        checked = shipped_targets(targets, products)
        if not checked:
            raise Unreadable("no library product's target found in Package.swift")
        findings = {}
        for name in checked:
            target = targets[name]
            folder = os.path.normpath(target["path"])
            excluded = [os.path.normpath(os.path.join(folder, e)) for e in target["exclude"]]
            found = []
            for current, folders, files in os.walk(os.path.join(root, folder)):
                folders.sort()
                relative = os.path.relpath(current, root).replace(os.sep, "/")
                if any(inside(relative, e) for e in excluded):
                    folders[:] = []
                    continue
                for file in sorted(files):
                    display = f"{relative}/{file}"
                    if file.endswith((".swift", ".c", ".h")) and not any(
                            inside(display, e) for e in excluded):
                        found += uses(os.path.join(current, file), display)
            findings[name] = found
    except Unreadable as error:
        print(f"check-privacy-manifests: {error}", file=sys.stderr)
        return 2

    # Every manifest in the package (other packages in subfolders, such as Examples/, are theirs).
    on_disk = set()
    for current, folders, files in os.walk(root):
        relative = os.path.relpath(current, root).replace(os.sep, "/")
        folders[:] = sorted(
            f for f in folders if not f.startswith(".")
            and not os.path.exists(os.path.join(current, f, "Package.swift")))
        for file in files:
            if file.endswith(".xcprivacy"):
                on_disk.add(os.path.normpath(f"{relative}/{file}").replace(os.sep, "/"))
    shipped = set()
    for name, target in targets.items():
        folder = os.path.normpath(target["path"])
        for rule, resource in target["resources"]:
            path = os.path.normpath(os.path.join(folder, resource)).replace(os.sep, "/")
            if path.endswith(".xcprivacy") or (rule != "embedInCode" and any(
                    inside(p, path) for p in on_disk)):
                if not inside(path, folder):
                    errors.append(f"{path}: declared by {name} but outside its folder {folder}: "
                                  "it would not ship")
                elif rule == "embedInCode":
                    errors.append(f"{path}: embedded in {name}'s code, not shipped as a file")
                else:
                    shipped.update(p for p in on_disk if inside(p, path))
                    if path.endswith(".xcprivacy") and path not in on_disk:
                        errors.append(f"{path}: declared as a resource of {name} but not there")
    for path in sorted(on_disk - shipped):
        owner = [n for n, t in targets.items() if inside(path, os.path.normpath(t["path"]))]
        if owner:
            errors.append(f"{path}: not declared in {owner[0]}'s resources "
                          f"(add .copy(\"{os.path.relpath(path, targets[owner[0]]['path'])}\")): "
                          "it would not ship")
        else:
            errors.append(f"{path}: outside every target's folder: it would not ship")

    for name in checked:
        folder = os.path.normpath(targets[name]["path"])
        manifest = f"{folder}/{MANIFEST_NAME}".replace(os.sep, "/")
        declared = {}
        has_manifest = manifest in on_disk
        if has_manifest:
            declared, problems = read_manifest(os.path.join(root, manifest), manifest)
            errors += problems
        for display, number, api, needs in findings[name]:
            for category in needs:
                if category not in declared:
                    where = manifest if has_manifest else f"no {manifest}"
                    errors.append(f"{display}:{number}: {api}: category {category} missing "
                                  f"({where})")
        used = {c for _, _, _, needs in findings[name] for c in needs}
        for category in sorted(set(declared) - used):
            warnings.append(f"{manifest}: {category} is declared but {name}'s code uses none of "
                            "its APIs")

    for warning in warnings:
        print(f"warning: {warning}")
    for error in errors:
        print(error)
    if errors:
        print(f"check-privacy-manifests: {len(errors)} problem(s)", file=sys.stderr)
        return 1
    print(f"check-privacy-manifests: {len(checked)} targets checked "
          f"({', '.join(checked)}); every use is declared")
    return 0


# ---------------------------------------------------------------------------------------------
# Self-test: made-up packages, each with one thing wrong (or nothing), and what must be printed.

def manifest_text(entries, extra=""):
    items = "".join(
        "    <dict>\n"
        "      <key>NSPrivacyAccessedAPIType</key>\n"
        f"      <string>{category}</string>\n"
        "      <key>NSPrivacyAccessedAPITypeReasons</key>\n"
        "      <array>" + "".join(f"<string>{r}</string>" for r in reasons) + "</array>\n"
        "    </dict>\n" for category, reasons in entries)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
            '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
            '<plist version="1.0">\n<dict>\n'
            "  <key>NSPrivacyTracking</key>\n  <false/>\n"
            "  <key>NSPrivacyTrackingDomains</key>\n  <array/>\n"
            "  <key>NSPrivacyCollectedDataTypes</key>\n  <array/>\n"
            f"  <key>NSPrivacyAccessedAPITypes</key>\n  <array>\n{items}  </array>\n{extra}"
            "</dict>\n</plist>\n")


def package_text(resources='.copy("PrivacyInfo.xcprivacy")'):
    return ("// swift-tools-version: 6.2\n"
            "import PackageDescription\n"
            "let package = Package(\n"
            '  name: "Made",\n'
            '  products: [.library(name: "Made", targets: ["Made"])],\n'
            "  targets: [\n"
            "    // Internal, linked into the product.\n"
            '    .target(name: "MadeShared", path: "Sources/Shared"),\n'
            "    .target(\n"
            '      name: "Made", dependencies: ["MadeShared", .target(name: "CMade")],\n'
            '      path: "Sources/Made",\n'
            f"      resources: [{resources}]),\n"
            '    .target(name: "CMade", path: "Sources/CMade"),\n'
            "    // Not shipped: an executable and a test target may use anything.\n"
            '    .executableTarget(name: "Tool", dependencies: ["Made"], path: "Sources/Tool"),\n'
            '    .testTarget(name: "MadeTests", dependencies: ["Made"], path: "Tests/MadeTests"),\n'
            "  ]\n"
            ")\n")


DEFAULTS_CODE = ("import Foundation\n"
                 "\n"
                 "// UserDefaults in a comment is not a use, nor \"UserDefaults\" in a string.\n"
                 "let defaults = UserDefaults(suiteName: \"group.made\")\n")
CLEAN_FILES = {
    "Sources/Made/Store.swift": DEFAULTS_CODE,
    "Sources/Made/PrivacyInfo.xcprivacy": manifest_text(
        [("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.1", "1C8F.1"])]),
    # An internal target the product links, using nothing that needs a manifest.
    "Sources/Shared/Shared.swift": ("#if os(Linux)\n"
                                    "  // Linux only: never in an app.\n"
                                    "  let attributes = try FileManager.default.attributesOfItem("
                                    "atPath: \"/\")\n"
                                    "#endif\n"
                                    "let text = \"stat(\\(1))\"\n"),
    "Sources/CMade/made.c": "#include <stdio.h>\nint made(void) { return '\"'; }\n",
    "Sources/CMade/include/made.h": "int made(void);\n",
    "Sources/Tool/main.swift": "let uptime = ProcessInfo.processInfo.systemUptime\n",
    "Tests/MadeTests/T.swift": "let d = UserDefaults.standard\n",
}

# (case, files to change from the clean package (None removes), expected status, lines that must
# be printed, each given as a part of the line).
CASES = [
    ("a clean package passes", {}, 0, ["3 targets checked"]),
    ("a manifest that is not a property list",
     {"Sources/Made/PrivacyInfo.xcprivacy": "NSPrivacyTracking = false\n"}, 1,
     ["Sources/Made/PrivacyInfo.xcprivacy: not an XML property list"]),
    ("a manifest that lacks a key and has a value of the wrong type",
     {"Sources/Made/PrivacyInfo.xcprivacy": manifest_text(
         [("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.1"])]).replace(
         "  <key>NSPrivacyTrackingDomains</key>\n  <array/>\n", "").replace(
         "<key>NSPrivacyCollectedDataTypes</key>\n  <array/>",
         "<key>NSPrivacyCollectedDataTypes</key>\n  <string>none</string>")}, 1,
     ["Sources/Made/PrivacyInfo.xcprivacy: no NSPrivacyTrackingDomains",
      "Sources/Made/PrivacyInfo.xcprivacy: NSPrivacyCollectedDataTypes is a str, not a list"]),
    ("a reason code of another category",
     {"Sources/Made/PrivacyInfo.xcprivacy": manifest_text(
         [("NSPrivacyAccessedAPICategoryUserDefaults", ["C617.1"])])}, 1,
     ["reason C617.1 is not one of NSPrivacyAccessedAPICategoryUserDefaults's"]),
    ("a reason code Apple does not list",
     {"Sources/Made/PrivacyInfo.xcprivacy": manifest_text(
         [("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.2"])])}, 1,
     ["reason CA92.2 is not one of NSPrivacyAccessedAPICategoryUserDefaults's"]),
    ("UserDefaults with no manifest",
     {"Sources/Made/PrivacyInfo.xcprivacy": None}, 1,
     ["Sources/Made/Store.swift:4: UserDefaults: category NSPrivacyAccessedAPICategoryUserDefaults"
      " missing (no Sources/Made/PrivacyInfo.xcprivacy)",
      # The resource the package still declares is not there.
      "Sources/Made/PrivacyInfo.xcprivacy: declared as a resource of Made but not there"]),
    ("UserDefaults with its category missing from the manifest",
     {"Sources/Made/PrivacyInfo.xcprivacy": manifest_text([])}, 1,
     ["Sources/Made/Store.swift:4: UserDefaults: category NSPrivacyAccessedAPICategoryUserDefaults"
      " missing (Sources/Made/PrivacyInfo.xcprivacy)"]),
    ("a use in an internal target the product links, with no manifest there",
     {"Sources/Shared/Clock.swift": "let start = ContinuousClock.now\n"}, 1,
     ["Sources/Shared/Clock.swift:1: ContinuousClock: category "
      "NSPrivacyAccessedAPICategorySystemBootTime missing "
      "(no Sources/Shared/PrivacyInfo.xcprivacy)"]),
    ("a stat call in C code",
     {"Sources/CMade/made.c": "#include <sys/stat.h>\nint f(const char *p) {\n  struct stat s;\n"
                              "  return stat(p, &s);\n}\n"}, 1,
     ["Sources/CMade/made.c:4: stat: category NSPrivacyAccessedAPICategoryFileTimestamp missing"]),
    ("a declared category whose APIs are never used is a warning",
     {"Sources/Made/PrivacyInfo.xcprivacy": manifest_text(
         [("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.1"]),
          ("NSPrivacyAccessedAPICategoryDiskSpace", ["E174.1"])])}, 0,
     ["warning: Sources/Made/PrivacyInfo.xcprivacy: NSPrivacyAccessedAPICategoryDiskSpace is "
      "declared but Made's code uses none of its APIs"]),
    ("a manifest outside the target's folder",
     {"Sources/Made/PrivacyInfo.xcprivacy": None,
      "Resources/PrivacyInfo.xcprivacy": manifest_text(
          [("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.1"])]),
      "Package.swift": package_text('.copy("../../Resources/PrivacyInfo.xcprivacy")')}, 1,
     ["Resources/PrivacyInfo.xcprivacy: declared by Made but outside its folder Sources/Made: "
      "it would not ship"]),
    ("a manifest in the target's folder that is not declared as a resource",
     {"Package.swift": package_text("")}, 1,
     ["Sources/Made/PrivacyInfo.xcprivacy: not declared in Made's resources"]),
    ("a Package.swift this script cannot read",
     {"Package.swift": "import PackageDescription\nlet package = makePackage()\n"}, 2, []),
]


def self_test():
    failures = []
    for title, changes, expected_status, expected_lines in CASES:
        with tempfile.TemporaryDirectory() as root:
            files = dict(CLEAN_FILES)
            files["Package.swift"] = package_text()
            files.update(changes)
            for relative, text in files.items():
                if text is None:
                    continue
                path = os.path.join(root, relative)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(text)
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(io.StringIO()):
                status = check(root)
            lines = printed.getvalue().splitlines()
            if status != expected_status:
                failures.append(f"{title}: status {status}, expected {expected_status}; printed "
                                f"{lines}")
            for expected in expected_lines:
                if not any(expected in line for line in lines):
                    failures.append(f"{title}: nothing printed contains {expected!r}; printed "
                                    f"{lines}")
            # A clean run prints no problem lines and no warnings.
            if expected_status == 0 and not title.startswith("a declared category") and any(
                    line.startswith("warning:") for line in lines):
                failures.append(f"{title}: unexpected warning; printed {lines}")
    for failure in failures:
        print(f"self-test: FAIL {failure}", file=sys.stderr)
    if failures:
        return 1
    print(f"self-test: all {len(CASES)} cases pass")
    return 0


arguments_given = sys.argv[1:]
if arguments_given == ["--self-test"]:
    sys.exit(self_test())
if arguments_given:
    print("usage: bash .ci/check-privacy-manifests.sh [--self-test]", file=sys.stderr)
    sys.exit(64)
sys.exit(check("."))
PYTHON
