#!/usr/bin/env bash
# Builds the example consumer in Examples/ForecastNow, runs it, and proves that depending on one
# Haru product compiles that product's modules and nothing else.
#
#   bash Examples/check.sh
#
# ForecastNow depends on Haru by path and on one product, HaruForecast. A consumer of that product
# must compile HaruForecast and the modules it is built on (HaruModels and the internal
# HaruShared), and never HaruSettings, HaruJournal, HaruViewModels, the testing libraries or the
# command-line app. The check starts from an empty scratch folder (Examples/ForecastNow/.build)
# so that everything in it was made by this one build, then fails when:
# - the manifest declares any product other than HaruForecast;
# - the build log compiles a module outside the allowed set;
# - the build folder holds object files or a module of any module outside the allowed set;
# - no trace of HaruForecast itself is found (the check would be looking in the wrong place);
# - the tool does not print the forecast of the bundled sample, or prints the service key.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
example="$root/Examples/ForecastNow"
scratch="$example/.build"
# The modules a consumer of HaruForecast compiles: the product's own, what it is built on, and
# the example itself.
allowed=(ForecastNow HaruForecast HaruModels HaruShared)

fail() {
  echo "error: $*" >&2
  exit 1
}

is_allowed() {
  local module
  for module in "${allowed[@]}"; do
    [[ "$module" == "$1" ]] && return 0
  done
  return 1
}

echo "--> The manifest declares one Haru product"
manifest="$(swift package --package-path "$example" --scratch-path "$scratch" dump-package)"
# Each product dependency is dumped as `"product" : [ "<product>", "<package>", ... ]`.
products="$(tr -d ' \n' <<<"$manifest" | { grep -oE '"product":\["[^"]+"' || true; } \
  | sed -E 's/.*\["//; s/"$//')"
[[ "$products" == "HaruForecast" ]] ||
  fail "ForecastNow must depend on the HaruForecast product alone; it declares:" \
    "$(paste -sd ' ' - <<<"${products:-nothing}")"
echo "HaruForecast"

echo "--> Building ForecastNow from an empty scratch folder (warnings are errors)"
rm -rf "$scratch"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! swift build --package-path "$example" --scratch-path "$scratch" -Xswiftc -warnings-as-errors \
  >"$log" 2>&1; then
  cat "$log" >&2
  fail "ForecastNow does not build"
fi
grep -E '^(Build complete|warning:)' "$log" || true
bin_path="$(swift build --package-path "$example" --scratch-path "$scratch" --show-bin-path)"

echo "--> Only HaruForecast and the modules it is built on were compiled"
# One module name a line: what the build log says it compiled ("Compiling <Module> <file>",
# "Emitting module <Module>"), every module whose build folder holds object files, and every
# module file the build wrote.
compiled="$(
  sed -nE 's/^\[[0-9]+\/[0-9]+\] (Compiling|Emitting module) ([A-Za-z0-9_]+).*/\2/p' "$log"
  for folder in "$bin_path"/*.build; do
    if [[ -n "$(find "$folder" -name '*.o' -print -quit)" ]]; then
      basename "$folder" .build
    fi
  done
  for module_file in "$bin_path"/Modules/*.swiftmodule "$bin_path"/*.swiftmodule; do
    if [[ -e "$module_file" ]]; then
      basename "$module_file" .swiftmodule
    fi
  done
)"
compiled="$(sort -u <<<"$compiled" | sed '/^$/d')"

unexpected=""
while IFS= read -r module; do
  is_allowed "$module" || unexpected="$unexpected $module"
done <<<"$compiled"
[[ -z "$unexpected" ]] || fail "depending on HaruForecast alone also compiled:$unexpected"
grep -qx HaruForecast <<<"$compiled" ||
  fail "no trace of HaruForecast in $bin_path; is this the right build folder?"
echo "compiled: $(paste -sd ' ' - <<<"$compiled")"

echo "--> Running ForecastNow"
output="$("$bin_path/ForecastNow")" || fail "ForecastNow failed"
echo "$output"
grep -q "서울특별시청 (60,127)" <<<"$output" || fail "ForecastNow did not name the town"
grep -q "^2026-11-30  -4° / 7°" <<<"$output" || fail "ForecastNow did not print the first day"
grep -q "serviceKey=REDACTED" <<<"$output" || fail "ForecastNow did not show the redacted request"
if grep -q "not-a-real-key" <<<"$output"; then
  fail "ForecastNow printed the service key"
fi
echo "==> The example builds on HaruForecast alone"
