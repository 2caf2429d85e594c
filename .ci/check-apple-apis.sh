#!/usr/bin/env bash
# Fails when library code uses an API that exists on macOS only, where an iOS, tvOS, watchOS or
# visionOS build would compile it.
#
# Usage: bash .ci/check-apple-apis.sh              (checks Sources/ of this repository)
#        bash .ci/check-apple-apis.sh --self-test  (checks the check on fixtures it writes itself)
#
# Every `.swift` file under Sources/ is read, except Sources/CLI, Sources/JournalCrashHelper and
# Sources/SettingsCrashHelper: those are executables for Linux and macOS, not library code an app
# ships to iOS, tvOS or watchOS. Comments (`//`, `///`, `/* */`) and the text of string literals
# are ignored; the code inside a string's interpolation `\( )` is not.
#
# A use is allowed where the `#if` / `#elseif` / `#else` blocks around it cannot all be true on
# iOS, tvOS, watchOS or visionOS: inside `#if os(macOS)`, `#if os(macOS) ||
# targetEnvironment(macCatalyst)`, `#if canImport(AppKit)`, the `#else` of `#if !os(macOS)`, or a
# block for another system such as `#if os(Linux)`. Mac Catalyst counts as a Mac here. A condition
# this script cannot decide (`DEBUG`, `swift(>=6)`, `arch(…)`) may be true anywhere. Each use
# outside such a block is printed as `path:line: name: why`, and the script exits with 1; it exits
# with 2 when a file's `#if` blocks do not balance, 0 when nothing is found.
#
# Needs bash and python3 (with .ci/swift_source.py, shared with check-privacy-manifests.sh); no
# network.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

exec python3 - "$@" <<'PYTHON'
import os
import re
import sys
import tempfile

# Comments and strings blanked, `#if` conditions evaluated: shared with the other check.
sys.path.insert(0, os.path.join(os.getcwd(), ".ci"))
from swift_source import conjunction, evaluate, negation, strip  # noqa: E402

EXCLUDED = ("Sources/CLI", "Sources/JournalCrashHelper", "Sources/SettingsCrashHelper")

# The macOS-only APIs looked for: (name shown, pattern on code without comments and strings, why).
# Each is unavailable on iOS, tvOS and watchOS in Apple's SDKs.
APIS = [
    # FileManager's home folder of the user: there is no user's home outside macOS; URL.homeDirectory
    # and URL.applicationSupportDirectory exist everywhere.
    ("homeDirectoryForCurrentUser", r"\bhomeDirectoryForCurrentUser\b",
     "FileManager's home folder exists on macOS only; use URL.homeDirectory or "
     "URL.applicationSupportDirectory"),
    # FileManager.homeDirectory(forUser:): another user's home folder, macOS only.
    ("homeDirectory(forUser:)", r"\bhomeDirectory\s*\(\s*forUser\s*:",
     "FileManager.homeDirectory(forUser:) exists on macOS only"),
    # Foundation's Process (NSTask): no app may start another process on iOS, tvOS or watchOS.
    ("Process", r"(?<![\w.])(?:Foundation\s*\.\s*)?Process\b",
     "Foundation's Process runs programs, which macOS alone allows"),
    ("NSTask", r"\bNSTask\b", "NSTask (Process) runs programs, which macOS alone allows"),
    # Foundation's Host (NSHost): names and addresses of the machine, macOS only.
    ("Host", r"(?<![\w.])(?:Foundation\s*\.\s*)?Host\b", "Foundation's Host exists on macOS only"),
    ("NSHost", r"\bNSHost\b", "NSHost exists on macOS only"),
    # AppKit and the umbrella frameworks that bring it in.
    ("import AppKit", r"^\s*(?:@[\w()]+\s+)*import\s+(?:\w+\s+)?AppKit\b",
     "AppKit exists on macOS only"),
    ("import Cocoa", r"^\s*(?:@[\w()]+\s+)*import\s+(?:\w+\s+)?Cocoa\b",
     "Cocoa (AppKit) exists on macOS only"),
    ("import Carbon", r"^\s*(?:@[\w()]+\s+)*import\s+(?:\w+\s+)?Carbon\b",
     "Carbon exists on macOS only"),
    # AppKit's application object, by type and by its global.
    ("NSApplication", r"\bNSApplication\b", "NSApplication is AppKit's, macOS only"),
    ("NSApp", r"\bNSApp\b", "NSApp is AppKit's, macOS only"),
    # AppKit's workspace: opening files and apps, mounted volumes.
    ("NSWorkspace", r"\bNSWorkspace\b", "NSWorkspace is AppKit's, macOS only"),
    # Notifications between processes of a Mac user's session; Darwin notifications
    # (notify_post) are the ones every Apple platform has.
    ("DistributedNotificationCenter", r"\b(?:NS)?DistributedNotificationCenter\b",
     "DistributedNotificationCenter exists on macOS only; Darwin notifications exist everywhere"),
    # AppleScript.
    ("NSAppleScript", r"\bNSAppleScript\b", "NSAppleScript exists on macOS only"),
    # ProcessInfo's sudden and automatic termination, a macOS application's lifecycle.
    ("ProcessInfo sudden or automatic termination",
     r"\b(?:enable|disable)(?:Sudden|Automatic)Termination\b|\bautomaticTerminationSupportEnabled\b",
     "ProcessInfo's sudden and automatic termination exist on macOS only"),
]
COMPILED = [(name, re.compile(pattern), why) for name, pattern, why in APIS]

# The systems a library build must compile for besides macOS.
PLATFORMS = ("iOS", "tvOS", "watchOS", "visionOS")
OTHER_SYSTEMS = {"macOS", "OSX", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI",
                 "Cygwin", "PS4", "Haiku", "none", "iOS", "tvOS", "watchOS", "visionOS", "xrOS"}
APPLE_MODULES = {"Darwin", "Foundation", "Dispatch", "ObjectiveC", "CoreFoundation", "Security",
                 "os", "Combine", "SwiftUI"}
MAC_MODULES = {"AppKit", "Cocoa", "Carbon"}
NON_APPLE_MODULES = {"Glibc", "Musl", "WinSDK", "Android", "Bionic", "WASILibc", "CRT", "ucrt"}


class Unbalanced(Exception):
    pass


def atom(word, platform):
    """True, False or None (undecided) for one atom of a condition on one platform."""
    m = re.fullmatch(r"(\w+)\((.*)\)", word)
    if not m:
        return {"true": True, "false": False}.get(word)
    kind, argument = m.group(1), m.group(2).split(",")[0].strip()
    if kind == "os":
        if argument == platform or (platform == "visionOS" and argument == "xrOS"):
            return True
        return False if argument in OTHER_SYSTEMS else None
    if kind == "targetEnvironment":
        return False if argument == "macCatalyst" else None
    if kind == "canImport":
        if argument in MAC_MODULES or argument in NON_APPLE_MODULES:
            return False
        if argument in APPLE_MODULES:
            return True
        if argument == "UIKit":
            return True if platform != "watchOS" else None
        if argument == "WatchKit":
            return platform == "watchOS"
        return None
    if kind == "_runtime":
        return argument == "_ObjC"
    return None


def scan(path, display):
    """Returns the findings of one file as (display path, line, API name, why)."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        code = strip(handle.read())
    findings = []
    # One frame per open `#if`: the conditions of its branches so far, per platform, and whether
    # the current branch is compiled, per platform.
    frames = []
    for number, line in enumerate(code.split("\n"), start=1):
        directive = re.match(r"\s*#(if|elseif|else|endif)\b(.*)", line)
        if directive:
            kind, rest = directive.group(1), directive.group(2).strip()
            if kind == "if":
                values = {p: evaluate(rest, lambda word, p=p: atom(word, p)) for p in PLATFORMS}
                frames.append({"previous": [values], "active": values})
            elif not frames:
                raise Unbalanced(f"{display}:{number}: #{kind} without #if")
            elif kind == "elseif":
                frame = frames[-1]
                values = {p: evaluate(rest, lambda word, p=p: atom(word, p)) for p in PLATFORMS}
                frame["active"] = {
                    p: conjunction([negation(v[p]) for v in frame["previous"]] + [values[p]])
                    for p in PLATFORMS}
                frame["previous"].append(values)
            elif kind == "else":
                frame = frames[-1]
                frame["active"] = {
                    p: conjunction([negation(v[p]) for v in frame["previous"]]) for p in PLATFORMS}
            else:
                frames.pop()
            continue
        compiled_somewhere = any(
            conjunction([frame["active"][p] for frame in frames]) is not False for p in PLATFORMS)
        if not compiled_somewhere:
            continue
        for name, pattern, why in COMPILED:
            if pattern.search(line):
                findings.append((display, number, name, why))
    if frames:
        raise Unbalanced(f"{display}: #if without #endif")
    return findings


def check(root):
    """Prints the findings under root/Sources and returns the exit status."""
    sources = os.path.join(root, "Sources")
    findings = []
    try:
        for folder, folders, files in os.walk(sources):
            folders.sort()
            relative_folder = os.path.relpath(folder, root).replace(os.sep, "/")
            if any(relative_folder == e or relative_folder.startswith(e + "/") for e in EXCLUDED):
                folders[:] = []
                continue
            for name in sorted(files):
                if name.endswith(".swift"):
                    path = os.path.join(folder, name)
                    findings += scan(path, f"{relative_folder}/{name}")
    except Unbalanced as error:
        print(f"check-apple-apis: {error}", file=sys.stderr)
        return 2
    for display, number, name, why in findings:
        print(f"{display}:{number}: {name}: {why}; keep it inside #if os(macOS)")
    if findings:
        print(f"check-apple-apis: {len(findings)} use(s) of macOS-only APIs outside #if os(macOS)",
              file=sys.stderr)
        return 1
    print("check-apple-apis: no macOS-only API outside #if os(macOS)")
    return 0


# The self-test's fixtures: file name, text, and the (line, API) pairs that must be reported.
FIXTURES = [
    ("Plain.swift",
     "import Foundation\n"
     "let home = FileManager.default.homeDirectoryForCurrentUser\n",
     {(2, "homeDirectoryForCurrentUser")}),
    ("InsideMacOS.swift",
     "#if os(macOS)\n"
     "  let home = FileManager.default.homeDirectoryForCurrentUser\n"
     "  import AppKit\n"
     "#endif\n",
     set()),
    ("MacOSOrCatalyst.swift",
     "#if os(macOS) || targetEnvironment(macCatalyst)\n"
     "  let task = Process()\n"
     "#endif\n",
     set()),
    ("ElseOfMacOS.swift",
     "#if os(macOS)\n"
     "  let a = 1\n"
     "#else\n"
     "  let host = Host.current()\n"
     "#endif\n",
     {(4, "Host")}),
    ("ElseIfChains.swift",
     "#if os(iOS)\n"
     "  let a = 1\n"
     "#elseif os(macOS)\n"
     "  let b = NSWorkspace.shared\n"
     "#else\n"
     "  let c = NSWorkspace.shared\n"
     "#endif\n",
     {(6, "NSWorkspace")}),
    ("Nested.swift",
     "#if os(macOS)\n"
     "  #if DEBUG\n"
     "    let a = Process()\n"
     "  #else\n"
     "    let b = Process()\n"
     "  #endif\n"
     "#endif\n"
     "#if DEBUG\n"
     "  #if os(macOS)\n"
     "    let c = Process()\n"
     "  #else\n"
     "    let d = Process()\n"
     "  #endif\n"
     "#endif\n",
     {(12, "Process")}),
    ("CommentsAndStrings.swift",
     "// homeDirectoryForCurrentUser is macOS-only\n"
     "/// Unlike `Process`, this runs nothing.\n"
     "/* Host, /* nested NSWorkspace */ NSApplication */\n"
     "let name = \"NSWorkspace and Process()\"\n"
     "let raw = #\"Host \"quoted\" NSApp\"#\n"
     "let long = \"\"\"\n"
     "  import AppKit\n"
     "  Process()\n"
     "  \"\"\"\n"
     "let info = ProcessInfo.processInfo.processName\n"
     "let path = \"\\(FileManager.default.homeDirectoryForCurrentUser.path)/x\"\n",
     {(11, "homeDirectoryForCurrentUser")}),
    ("Imports.swift",
     "import AppKit\n"
     "#if canImport(AppKit)\n"
     "  import AppKit\n"
     "#endif\n"
     "@preconcurrency import Cocoa\n",
     {(1, "import AppKit"), (5, "import Cocoa")}),
    ("UndecidedConditions.swift",
     "#if os(macOS) && DEBUG\n"
     "  let a = NSApplication.shared\n"
     "#endif\n"
     "#if os(macOS) || DEBUG\n"
     "  let b = NSApplication.shared\n"
     "#endif\n",
     {(5, "NSApplication")}),
    ("NegatedMacOS.swift",
     "#if !os(macOS)\n"
     "  let a = FileManager.default.homeDirectory(forUser: \"x\")\n"
     "#else\n"
     "  let b = FileManager.default.homeDirectory(forUser: \"x\")\n"
     "#endif\n",
     {(2, "homeDirectory(forUser:)")}),
    ("OtherSystems.swift",
     "#if os(Linux)\n"
     "  let a = Process()\n"
     "#elseif canImport(Darwin)\n"
     "  let b = Process()\n"
     "#endif\n",
     {(4, "Process")}),
]


def self_test():
    failures = []
    with tempfile.TemporaryDirectory() as root:
        module = os.path.join(root, "Sources", "Module")
        executable = os.path.join(root, "Sources", "CLI")
        os.makedirs(module)
        os.makedirs(executable)
        for name, text, _ in FIXTURES:
            with open(os.path.join(module, name), "w", encoding="utf-8") as handle:
                handle.write(text)
        with open(os.path.join(executable, "Main.swift"), "w", encoding="utf-8") as handle:
            handle.write("let task = Process()\n")
        for name, _, expected in FIXTURES:
            found = {(line, api) for _, line, api, _ in
                     scan(os.path.join(module, name), f"Sources/Module/{name}")}
            if found != expected:
                failures.append(f"{name}: expected {sorted(expected)}, found {sorted(found)}")
        # The whole run: every expected finding printed, the executable's folder skipped, exit 1.
        import contextlib
        import io
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(io.StringIO()):
            status = check(root)
        lines = printed.getvalue().splitlines()
        expected_count = sum(len(e) for _, _, e in FIXTURES)
        if status != 1 or len(lines) != expected_count:
            failures.append(f"whole run: status {status}, {len(lines)} lines, "
                            f"expected 1 and {expected_count}")
        if any("Sources/CLI" in line for line in lines):
            failures.append("whole run: Sources/CLI was checked")
        if not any(line.startswith("Sources/Module/Plain.swift:2: homeDirectoryForCurrentUser:")
                   for line in lines):
            failures.append("whole run: no `path:line: name` line for Plain.swift")
        # An unbalanced file is an error of its own.
        with open(os.path.join(module, "Unbalanced.swift"), "w", encoding="utf-8") as handle:
            handle.write("#if os(macOS)\nlet a = 1\n")
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            status = check(root)
        if status != 2:
            failures.append(f"unbalanced #if: status {status}, expected 2")
        # Nothing found: exit 0.
        clean = os.path.join(root, "clean")
        os.makedirs(os.path.join(clean, "Sources", "Module"))
        with open(os.path.join(clean, "Sources", "Module", "A.swift"), "w",
                  encoding="utf-8") as handle:
            handle.write("let home = URL.homeDirectory\n")
        with contextlib.redirect_stdout(io.StringIO()):
            status = check(clean)
        if status != 0:
            failures.append(f"clean tree: status {status}, expected 0")
    for failure in failures:
        print(f"self-test: FAIL {failure}", file=sys.stderr)
    if failures:
        return 1
    print(f"self-test: all {len(FIXTURES) + 3} cases pass")
    return 0


arguments = sys.argv[1:]
if arguments == ["--self-test"]:
    sys.exit(self_test())
if arguments:
    print("usage: bash .ci/check-apple-apis.sh [--self-test]", file=sys.stderr)
    sys.exit(64)
sys.exit(check("."))
PYTHON
