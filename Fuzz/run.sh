#!/usr/bin/env bash
# Builds every fuzz target with libFuzzer and AddressSanitizer and runs each for a bounded time.
#
#   bash Fuzz/run.sh SECONDS [TARGET...]
#
# Each target is compiled into the module it tests (so it reaches the module's internal parsers)
# together with that module's sources; the modules it depends on are compiled once beside it.
# New inputs go to Fuzz/.build/corpus/<target>; the seeds in Fuzz/Corpus/<target> are only read.
# A crash stops the run with a non-zero status and leaves its input in Fuzz/artifacts/.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="/opt/swift/usr/bin:${PATH}"
# libFuzzer prints the stack of a crash; the Swift runtime's own backtracer would trip ASan.
export SWIFT_BACKTRACE=enable=no

seconds="${1:-60}"
shift || true
all_targets=(kma-response kma-mid-response open-meteo-response air-response warnings-response
  settings-file journal-import search-query)
targets=("$@")
((${#targets[@]} > 0)) || targets=("${all_targets[@]}")

build="Fuzz/.build"
mkdir -p "$build" Fuzz/artifacts
flags=(-swift-version 6 -package-name haru -parse-as-library -O -g -sanitize=fuzzer,address
  -use-ld=lld -I "$build"
  # The same language settings as Package.swift gives every target.
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
  -enable-upcoming-feature MemberImportVisibility)
# The journal also imports CHaruSQLite, a C target of one function, built here with clang.
sqlite_flags=(-I Sources/CSQLite -I Sources/CHaruSQLite/include "$build/CHaruSQLite.o" -lsqlite3)

sources() {
  find "$1" -name '*.swift' | LC_ALL=C sort
}

# Builds a library module once: its interface and one object file.
module() {
  local name="$1" path="$2"
  if [[ ! -f "$build/$name.o" || -n "$(find "$path" -newer "$build/$name.o" -name '*.swift')" ]]; then
    echo "building $name"
    # shellcheck disable=SC2046
    swiftc "${flags[@]}" -module-name "$name" -wmo -emit-module \
      -emit-module-path "$build/$name.swiftmodule" -c -o "$build/$name.o" $(sources "$path")
  fi
}

module HaruShared Sources/Shared
if [[ ! -f "$build/CHaruSQLite.o" || Sources/CHaruSQLite/CHaruSQLite.c -nt "$build/CHaruSQLite.o" ]]; then
  echo "building CHaruSQLite"
  clang -O2 -g -I Sources/CHaruSQLite/include -c Sources/CHaruSQLite/CHaruSQLite.c \
    -o "$build/CHaruSQLite.o"
fi
module HaruModels Sources/Models

# Builds the fuzz executable of a module once: its sources, its targets' files and its entry
# point, which picks the target from the name the executable runs under (fuzz-<target>, a link).
built=" "
executable() {
  local module_name="$1" path="$2" entry="$3"
  shift 3
  [[ "$built" == *" $module_name "* ]] && return 0
  local files=()
  while (($# > 0)) && [[ "$1" == *.swift ]]; do
    files+=("Fuzz/Targets/$1")
    shift
  done
  echo "building the fuzz executable of $module_name"
  # shellcheck disable=SC2046
  swiftc "${flags[@]}" -module-name "$module_name" -emit-executable -o "$build/fuzz-$module_name" \
    "$build/HaruShared.o" "$build/HaruModels.o" $(sources "$path") "${files[@]}" \
    "Fuzz/Targets/Entry/$entry" "$@"
  built+="$module_name "
}

forecast=(HaruForecast Sources/Forecast ForecastFuzzEntry.swift KMAResponse.swift
  KMAMidTermResponse.swift OpenMeteoResponse.swift AirKoreaResponse.swift WarningsResponse.swift)
journal=(HaruJournal Sources/Journal JournalFuzzEntry.swift JournalImport.swift SearchQuery.swift
  "${sqlite_flags[@]}")

# Targets whose reported finding is not fixed yet: their crashes are shown, not fatal.
open_findings=" $( (grep -v '^#' Fuzz/open-findings 2>/dev/null || true) | tr '\n' ' ') "

status=0
for target in "${targets[@]}"; do
  case "$target" in
  kma-response | kma-mid-response | open-meteo-response | air-response | warnings-response)
    module_name=HaruForecast
    ;;
  settings-file) module_name=HaruSettings ;;
  journal-import | search-query) module_name=HaruJournal ;;
  *)
    echo "unknown target $target; known: ${all_targets[*]}" >&2
    exit 2
    ;;
  esac
  case "$module_name" in
  HaruForecast) executable "${forecast[@]}" ;;
  HaruSettings) executable HaruSettings Sources/Settings SettingsFuzzEntry.swift SettingsFile.swift ;;
  HaruJournal) executable "${journal[@]}" ;;
  esac
  ln -sf "fuzz-$module_name" "$build/fuzz-$target"
  mkdir -p "$build/corpus/$target"
  echo "==> fuzz-$target for ${seconds}s"
  if ! LSAN_OPTIONS="suppressions=Fuzz/lsan.supp:print_suppressions=0" "$build/fuzz-$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="Fuzz/artifacts/$target-" \
    "$build/corpus/$target" "Fuzz/Corpus/$target" 2>"$build/$target.log"; then
    if [[ "$open_findings" == *" $target "* ]]; then
      echo "fuzz-$target crashed; it has an open finding (Fuzz/open-findings), so this is not fatal:"
    else
      status=1
      echo "fuzz-$target FOUND A PROBLEM; the input is in Fuzz/artifacts/:" >&2
    fi
    grep -E 'ERROR|Swift runtime failure|Fatal error|#[0-9]+ .* /work|Sources/' "$build/$target.log" \
      | head -n 20 >&2 || true
  fi
  grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^Done [0-9]+ runs' "$build/$target.log" || true
done
exit "$status"
