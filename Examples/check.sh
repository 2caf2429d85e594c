#!/usr/bin/env bash
# Builds the example consumers in Examples/, runs them, and proves that depending on one Haru
# product compiles and links that product's modules and nothing else.
#
#   bash Examples/check.sh
#
# 1. Examples/ForecastNow depends on Haru by path and on one product, HaruForecast. A consumer of
#    that product must compile HaruForecast and the modules it is built on (HaruModels and the
#    internal HaruShared), and never HaruSettings, HaruJournal, the view models, the testing
#    libraries or the command-line app.
# 2. Examples/Consumers has one executable for each view-model product: WeatherScreen
#    (HaruWeatherViewModels), JournalScreens (HaruJournalViewModels) and SettingsScreens
#    (HaruSettingsViewModels). Each is built alone, with `--product`, and must compile only the
#    modules its product is built on: the weather screen no HaruJournal and no SQLite, the journal
#    screens no HaruForecast, HaruSettings or HaruPlaces, the settings screens neither.
#
# Each build starts from an empty scratch folder so that everything in it was made by that one
# build, and fails when:
# - the build log compiles a module outside the allowed set;
# - the build folder holds object files or a module of any module outside the allowed set;
# - no trace of the product's own module is found (the check would be looking in the wrong place);
# - the executable links a library or holds the code of a module it must not (libsqlite3 as a
#   needed library, Swift symbols of a forbidden module, SQLite's functions);
# - the tool does not print what it should, or prints the service key.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

fail() {
  echo "error: $*" >&2
  exit 1
}

# build_alone PACKAGE PRODUCT OWN_MODULE ALLOWED...: builds PRODUCT of the package in PACKAGE from
# an empty scratch folder, fails if a module outside ALLOWED was compiled or if OWN_MODULE was not,
# and sets `bin_path` to the folder of the executables.
build_alone() {
  local package="$1" product="$2" own="$3"
  shift 3
  local allowed=("$@")
  local scratch="$package/.build/$product"
  echo "--> Building $product of $(basename "$package") from an empty scratch folder"
  rm -rf "$scratch"
  if ! swift build --package-path "$package" --scratch-path "$scratch" --product "$product" \
    -Xswiftc -warnings-as-errors >"$log" 2>&1; then
    cat "$log" >&2
    fail "$product does not build"
  fi
  grep -E '^(Build complete|warning:)' "$log" || true
  bin_path="$(swift build --package-path "$package" --scratch-path "$scratch" --show-bin-path)"

  # One module name a line: what the build log says it compiled ("Compiling <Module> <file>",
  # "Emitting module <Module>"), every module whose build folder holds object files, and every
  # module file the build wrote.
  local compiled
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
  local unexpected="" module candidate found
  while IFS= read -r module; do
    found=no
    for candidate in "${allowed[@]}"; do
      [[ "$candidate" == "$module" ]] && found=yes
    done
    [[ "$found" == yes ]] || unexpected="$unexpected $module"
  done <<<"$compiled"
  [[ -z "$unexpected" ]] || fail "building $product alone also compiled:$unexpected"
  grep -qx "$own" <<<"$compiled" ||
    fail "no trace of $own in $bin_path; is this the right build folder?"
  echo "compiled: $(paste -sd ' ' - <<<"$compiled")"
}

# links_nothing_of EXECUTABLE [--no-sqlite] MODULE...: fails if the executable holds Swift code of
# one of the modules (symbols mangled as `$s<length><Module>`) and, with --no-sqlite, if it needs
# libsqlite3 or calls SQLite.
links_nothing_of() {
  local executable="$1" no_sqlite=no
  shift
  if [[ "${1:-}" == --no-sqlite ]]; then
    no_sqlite=yes
    shift
  fi
  local needed symbols module mangled
  needed="$(readelf -d "$executable" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')"
  symbols="$(nm "$executable" 2>/dev/null || true)"
  [[ -n "$symbols" ]] || fail "nm read no symbols from $executable"
  if [[ "$no_sqlite" == yes ]]; then
    if grep -q sqlite <<<"$needed"; then
      fail "$(basename "$executable") links $(grep sqlite <<<"$needed" | paste -sd ' ' -)"
    fi
    if grep -qE '[[:space:]]sqlite3_[a-z_0-9]+$' <<<"$symbols"; then
      fail "$(basename "$executable") calls SQLite"
    fi
  fi
  for module in "$@"; do
    mangled="\$s${#module}${module}"
    if grep -qF "$mangled" <<<"$symbols"; then
      fail "$(basename "$executable") holds code of $module"
    fi
  done
  local extra=""
  [[ "$no_sqlite" == no ]] || extra=", no SQLite"
  echo "links: $(paste -sd ' ' - <<<"$needed"); nothing of $*$extra"
}

sample="$root/Examples/ForecastNow/Sources/ForecastNow/Resources/getVilageFcst.json"

echo "==> ForecastNow: a package that uses HaruForecast alone"
example="$root/Examples/ForecastNow"
echo "--> The manifest declares one Haru product"
manifest="$(swift package --package-path "$example" --scratch-path "$example/.build/ForecastNow" \
  dump-package)"
# Each product dependency is dumped as `"product" : [ "<product>", "<package>", ... ]`.
products="$(tr -d ' \n' <<<"$manifest" | { grep -oE '"product":\["[^"]+"' || true; } \
  | sed -E 's/.*\["//; s/"$//')"
[[ "$products" == "HaruForecast" ]] ||
  fail "ForecastNow must depend on the HaruForecast product alone; it declares:" \
    "$(paste -sd ' ' - <<<"${products:-nothing}")"
echo "HaruForecast"
build_alone "$example" ForecastNow HaruForecast ForecastNow HaruForecast HaruModels HaruShared
links_nothing_of "$bin_path/ForecastNow" --no-sqlite HaruJournal HaruSettings HaruPlaces
echo "--> Running ForecastNow"
output="$("$bin_path/ForecastNow")" || fail "ForecastNow failed"
echo "$output"
grep -q "서울특별시청 (60,127)" <<<"$output" || fail "ForecastNow did not name the town"
grep -q "^2026-11-30  -4° / 7°" <<<"$output" || fail "ForecastNow did not print the first day"
grep -q "serviceKey=REDACTED" <<<"$output" || fail "ForecastNow did not show the redacted request"
if grep -q "not-a-real-key" <<<"$output"; then
  fail "ForecastNow printed the service key"
fi

consumers="$root/Examples/Consumers"

echo "==> WeatherScreen: HaruWeatherViewModels alone"
build_alone "$consumers" WeatherScreen HaruWeatherViewModels WeatherScreen SampleForecast \
  HaruWeatherViewModels HaruViewModelCore HaruForecast HaruSettings HaruPlaces HaruModels HaruShared
links_nothing_of "$bin_path/WeatherScreen" --no-sqlite HaruJournal HaruJournalViewModels \
  HaruSettingsViewModels
output="$("$bin_path/WeatherScreen" "$sample")" || fail "WeatherScreen failed"
echo "$output"
grep -q "^weather: 서울특별시청 .*오늘 -4°/7°" <<<"$output" || fail "WeatherScreen showed no forecast"

echo "==> JournalScreens: HaruJournalViewModels alone"
build_alone "$consumers" JournalScreens HaruJournalViewModels JournalScreens SampleJournal \
  HaruJournalViewModels HaruViewModelCore HaruJournal CHaruSQLite HaruModels HaruShared
links_nothing_of "$bin_path/JournalScreens" HaruForecast HaruSettings HaruPlaces \
  HaruWeatherViewModels HaruSettingsViewModels
output="$("$bin_path/JournalScreens")" || fail "JournalScreens failed"
echo "$output"
grep -qx 'journal screen: \["자몽"\]' <<<"$output" || fail "JournalScreens found nothing"

echo "==> SettingsScreens: HaruSettingsViewModels alone"
build_alone "$consumers" SettingsScreens HaruSettingsViewModels SettingsScreens \
  HaruSettingsViewModels HaruViewModelCore HaruSettings HaruPlaces HaruModels HaruShared
links_nothing_of "$bin_path/SettingsScreens" --no-sqlite HaruForecast HaruJournal HaruWeatherViewModels \
  HaruJournalViewModels
output="$("$bin_path/SettingsScreens")" || fail "SettingsScreens failed"
echo "$output"
grep -q '^towns screen: .*성복동' <<<"$output" || fail "SettingsScreens found no town"

echo "==> Each example builds on its one product alone"
