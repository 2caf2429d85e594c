#!/usr/bin/env bash
# Builds Haru's documentation into one static site: the reference of every library module, from its
# symbol graph and its DocC catalog, and the guides in Documentation/Haru.docc.
#
#   bash Documentation/build.sh
#
# The result is .build/docs/Haru.doccarchive; serve that folder with any static web server. Any DocC
# warning fails the build. The package is compiled into its own scratch folder, .build/docs-build, so
# the regular .build debug build is left alone. Set DOCC to choose the docc executable.
set -euo pipefail

started=$SECONDS
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="$root/.build/docs-build"
graphs="$scratch/symbol-graphs"
output="$root/.build/docs"
site="$output/Haru.doccarchive"

# Each library module and the folder that holds its sources and its catalog.
modules=(HaruModels HaruSettings HaruForecast HaruJournal HaruViewModels HaruTesting HaruForecastTesting HaruJournalTesting)
folders=(Models Settings Forecast Journal ViewModels Testing/Core Testing/Forecast Testing/Journal)

fail() {
  echo "error: $*" >&2
  exit 1
}

if [[ -z "${DOCC:-}" ]]; then
  if command -v docc >/dev/null 2>&1; then
    DOCC="$(command -v docc)"
  elif command -v xcrun >/dev/null 2>&1; then
    DOCC="$(xcrun --find docc)"
  else
    fail "docc was not found; it ships with the Swift toolchain (set DOCC to its path)."
  fi
fi

cd "$root"

# 1. Symbol graphs of the public API, with doc comments, written by the compiler as it builds the
#    libraries and the executable (not the tests). The build is incremental: a module that did not
#    change keeps the graph written when it was last compiled.
extract_symbol_graphs() {
  mkdir -p "$extracted"
  swift build --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$extracted" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
}

missing_graphs() {
  local module
  for module in "${modules[@]}"; do
    [[ -f "$extracted/$module.symbols.json" ]] || return 0
  done
  return 1
}

echo "==> Building the package with symbol graphs"
extracted="$scratch/symbol-graphs-all"
extract_symbol_graphs
if missing_graphs; then
  # Graphs were deleted while the build products were kept: build again from scratch.
  echo "==> Some symbol graphs are missing; rebuilding $scratch"
  rm -rf "$scratch"
  extract_symbol_graphs
fi
rm -rf "$graphs"

# Keep only each library module's own graphs: its main graph, plus the graphs of its extensions to
# other modules' types (Module@Other.symbols.json). The executable, the system-library target and the
# test targets are left out.
shopt -s nullglob
for module in "${modules[@]}"; do
  main_graph="$extracted/$module.symbols.json"
  [[ -f "$main_graph" ]] || fail "the symbol graph of $module is missing ($main_graph)"
  mkdir -p "$graphs/$module"
  cp "$main_graph" "$extracted/$module"@*.symbols.json "$graphs/$module/"
done
shopt -u nullglob

# 2. One documentation archive per catalog. Warnings are errors.
rm -rf "$output"
mkdir -p "$output"
archives=()
for index in "${!modules[@]}"; do
  module="${modules[$index]}"
  catalog="Sources/${folders[$index]}/$module.docc"
  [[ -d "$catalog" ]] || fail "the catalog $catalog is missing"
  echo "==> Converting $module"
  "$DOCC" convert "$catalog" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --output-path "$output/$module.doccarchive" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "$module" \
    --warnings-as-errors
  archives+=("$output/$module.doccarchive")
done

echo "==> Converting the guides"
"$DOCC" convert Documentation/Haru.docc \
  --output-path "$output/HaruGuides.doccarchive" \
  --fallback-display-name Haru \
  --fallback-bundle-identifier Haru \
  --warnings-as-errors
archives+=("$output/HaruGuides.doccarchive")

# 3. One site for everything, under a landing page named "Haru". `docc merge` has no
#    --warnings-as-errors, so its output is checked instead.
echo "==> Merging"
merge_log="$("$DOCC" merge "${archives[@]}" \
  --output-path "$site" \
  --synthesized-landing-page-name Haru \
  --synthesized-landing-page-kind Package 2>&1)" || {
  echo "$merge_log" >&2
  fail "docc merge failed"
}
[[ -z "$merge_log" ]] || echo "$merge_log"
if grep -qi "warning" <<<"$merge_log"; then
  fail "docc merge reported a warning"
fi

# Every module and the guides must be reachable from the merged site.
for module in "${modules[@]}" Haru; do
  page="$site/data/documentation/$(tr '[:upper:]' '[:lower:]' <<<"$module").json"
  [[ -f "$page" ]] || fail "the merged site has no page for $module ($page)"
done

echo "==> Done in $((SECONDS - started))s"
echo "$site"
