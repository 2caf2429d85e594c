#!/usr/bin/env bash
# What each way of adopting Haru costs an app: the executables of Examples/Consumers (Bare,
# SettingsOnly, ForecastOnly, PlacesOnly, WeatherScreen, WeatherScreenAll, JournalOnly,
# JournalScreens, SettingsScreens), built in release and stripped, each compared with Bare, a Foundation program
# that uses no Haru.
#
#   bash Benchmarks/footprint.sh [RUNS]
#
# For each executable it prints the stripped size, the size over Bare, the median of RUNS (5
# unless given) runs' maximum resident memory, that median over Bare's, and whether it needs
# libsqlite3. The tools do what an app's screen would do once (open a store, show a forecast from
# a sample answer, add and search a journal entry); they touch no network.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
package="$root/Examples/Consumers"
scratch="$package/.build/release-footprint"
runs="${1:-5}"
sample="$root/Examples/ForecastNow/Sources/ForecastNow/Resources/getVilageFcst.json"
tools=(Bare SettingsOnly ForecastOnly PlacesOnly WeatherScreen WeatherScreenAll JournalOnly
  JournalScreens SettingsScreens)

# From an empty scratch folder: an incremental release build of the tools here once crashed in
# SettingsStore's initializer after a Haru type's stored properties changed, and a clean build of
# the same sources did not.
rm -rf "$scratch"
swift build --package-path "$package" --scratch-path "$scratch" -c release >&2
bin_path="$(swift build --package-path "$package" --scratch-path "$scratch" -c release \
  --show-bin-path)"
stripped="$(mktemp -d)"
trap 'rm -rf "$stripped"' EXIT
for tool in "${tools[@]}"; do
  strip -o "$stripped/$tool" "$bin_path/$tool"
done

python3 - "$stripped" "$sample" "$runs" "${tools[@]}" <<'PYTHON'
import os
import resource
import statistics
import subprocess
import sys

folder, sample, runs, tools = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]


def max_rss_kib(path):
    """The largest resident set of one run, in KiB, read from the child's own usage."""
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.execv(path, [path, sample])
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{os.path.basename(path)} failed")
    return usage.ru_maxrss


def needs_sqlite(path):
    dynamic = subprocess.run(["readelf", "-d", path], capture_output=True, text=True).stdout
    return "libsqlite3" in dynamic


rows = []
for tool in tools:
    path = os.path.join(folder, tool)
    rss = statistics.median(max_rss_kib(path) for _ in range(runs))
    rows.append((tool, os.path.getsize(path), rss, needs_sqlite(path)))

bare_size, bare_rss = rows[0][1], rows[0][2]
print(f"{'tool':<16}{'stripped':>12}{'over Bare':>12}{'max RSS':>12}{'over Bare':>12}  libsqlite3")
for tool, size, rss, sqlite in rows:
    print(
        f"{tool:<16}{size / 1e6:>10.2f}MB{(size - bare_size) / 1e6:>+10.2f}MB"
        f"{rss / 1024:>9.1f}MiB{(rss - bare_rss) / 1024:>+9.1f}MiB  {'yes' if sqlite else 'no'}"
    )
PYTHON
