#!/usr/bin/env bash
# Builds Haru's documentation into one static site: the reference of every library module, from its
# symbol graph and its DocC catalog, and the guides in Documentation/Haru.docc, whose links into the
# modules' references (``/HaruForecast/ForecastService``, <doc:/HaruModels/ObservingValues>) are
# resolved against the modules' archives and checked in the merged site.
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
# The order is the order of conversion: a catalog or doc comment can link to its own module and to
# the modules before it (Documentation/check-links.py lists the same order).
modules=(HaruModels HaruTesting HaruSettings HaruForecast HaruJournal HaruPlaces HaruViewModelCore
  HaruWeatherViewModels HaruJournalViewModels HaruSettingsViewModels HaruViewModels HaruForecastTesting
  HaruJournalTesting)
folders=(Models Testing/Core Settings Forecast Journal Places ViewModels/Core ViewModels/Weather
  ViewModels/Journal ViewModels/Settings ViewModels/All Testing/Forecast Testing/Journal)

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

# Two runs at once would delete each other's archives; the second waits for the first.
if command -v flock >/dev/null 2>&1; then
  mkdir -p "$root/.build"
  exec 9>"$root/.build/docs.lock"
  flock 9
fi

# 1. Symbol graphs of the public API, with doc comments, written by the compiler as it builds the
#    libraries and the executable (not the tests). The build is incremental: a module that did not
#    change keeps the graph written when it was last compiled.
extract_symbol_graphs() {
  mkdir -p "$extracted"
  swift build --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$extracted" \
    -Xswiftc -emit-extension-block-symbols \
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

# 2. Every type named in code voice that could be a link is one: `Town` in prose leads nowhere,
#    ``Town`` is a link the conversion below checks.
python3 Documentation/check-links.py "$graphs" ||
  fail "names in code voice could be links (see above)"

# 3. One documentation archive per catalog. Warnings are errors.
rm -rf "$output"
mkdir -p "$output"
archives=()
for index in "${!modules[@]}"; do
  module="${modules[$index]}"
  catalog="Sources/${folders[$index]}/$module.docc"
  [[ -d "$catalog" ]] || fail "the catalog $catalog is missing"
  echo "==> Converting $module"
  # The modules are listed so that each comes after the modules it imports; a link into one of
  # their references, written with a leading slash (``/HaruSettings/SettingsStore``), resolves
  # against its archive.
  dependencies=()
  for archive in ${archives[@]+"${archives[@]}"}; do
    dependencies+=(--dependency "$archive")
  done
  "$DOCC" convert "$catalog" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --output-path "$output/$module.doccarchive" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "$module" \
    --warnings-as-errors \
    --emit-digest \
    --enable-experimental-external-link-support \
    ${dependencies[@]+"${dependencies[@]}"}
  # Every public declaration, those in extensions of other modules' types included, has a page.
  python3 Documentation/check-pages.py "$graphs/$module" "$output/$module.doccarchive" ||
    fail "$module has public declarations without a page"
  archives+=("$output/$module.doccarchive")
done

# The guides link into every module's reference. A link written with a leading slash and the module's
# name resolves against that module's archive, passed as a dependency; one that does not resolve is
# an error like any other warning.
echo "==> Converting the guides"
dependencies=()
for archive in "${archives[@]}"; do
  dependencies+=(--dependency "$archive")
done
"$DOCC" convert Documentation/Haru.docc \
  --output-path "$output/HaruGuides.doccarchive" \
  --fallback-display-name Haru \
  --fallback-bundle-identifier Haru \
  --warnings-as-errors \
  --enable-experimental-external-link-support \
  "${dependencies[@]}"
archives+=("$output/HaruGuides.doccarchive")

# 4. One site for everything, under a landing page named "Haru". `docc merge` has no
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

# The site's root opens the Haru page, where the guides start, instead of a page that is not found.
cat >"$site/index.html" <<'HTML'
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Haru</title>
<meta http-equiv="refresh" content="0; url=documentation/haru/">
</head>
<body><p><a href="documentation/haru/">Haru's documentation</a></p></body>
</html>
HTML

# Every module and the guides must be reachable from the merged site.
for module in "${modules[@]}" Haru; do
  page="$site/data/documentation/$(tr '[:upper:]' '[:lower:]' <<<"$module").json"
  [[ -f "$page" ]] || fail "the merged site has no page for $module ($page)"
done

# Every page a guide links to must exist in the merged site, and the guides must reach every module.
guide_pages=("$site/data/documentation/haru.json" "$site"/data/documentation/haru/*.json)
# The pages are JSON, which writes each / of a URL as \/.
linked="$(grep -ohE '"url":"\\/documentation\\/[^"#]*' "${guide_pages[@]}" \
  | sed -e 's/^"url":"//' -e 's#\\/#/#g' | sort -u)" || fail "the guides link to no page"
while IFS= read -r url; do
  [[ -f "$site/data$url.json" ]] || fail "a guide links to $url, which the merged site does not have"
done <<<"$linked"
for module in "${modules[@]}"; do
  grep -qx "/documentation/$(tr '[:upper:]' '[:lower:]' <<<"$module")" <<<"$linked" ||
    fail "no guide links to the reference of $module"
done
echo "the guides link to $(wc -l <<<"$linked" | tr -d ' ') pages, every one of them in the site"

echo "==> Done in $((SECONDS - started))s"
echo "$site"
