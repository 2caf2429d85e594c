#!/usr/bin/env bash
# Builds SQLite the way Apple builds the one its platforms ship, from Debian's own source package,
# and prints the folder that holds its libsqlite3.so.0. A program linked against the system's
# libsqlite3.so.0 runs on it with LD_LIBRARY_PATH set to that folder.
#
# Usage: bash .ci/apple-sqlite.sh [SUITE]
# SUITE is the Debian suite whose source package is built: `bookworm` (the default; SQLite 3.40.1,
# older than any Apple system Haru supports) or `forky` (3.53.x today, the newest; iOS 26 ships
# 3.51.0). Between them they bracket the SQLite versions of the systems Haru supports.
#
# The options are those of Apple's `PRAGMA compile_options` (iOS 26, and the older lists that add
# OMIT_AUTORESET, OMIT_LOAD_EXTENSION, THREADSAFE=2 and MAX_MMAP_SIZE=0) that compile on Linux;
# Documentation/Haru.docc/ApplePlatforms.md lists them with the ones left out and why.
#
# Each suite's result is kept under .build/apple-sqlite-SUITE (lib/libsqlite3.so.0, and `version`,
# the version it reports, for a test to expect) and reused while this script is unchanged. Before
# a result is kept, the library built is loaded and must report the version of its source and
# THREADSAFE=2 and OMIT_AUTORESET among its compile options.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

suite="${1:-bookworm}"
# The suite becomes part of a folder name and an apt source entry: a name, nothing else.
if [[ ! "$suite" =~ ^[a-z][a-z0-9-]*$ ]]; then
  echo "apple-sqlite: not a Debian suite: $suite" >&2
  exit 64
fi

options=(
  OMIT_AUTORESET
  ATOMIC_INTRINSICS=1
  BUG_COMPATIBLE_20160819
  DEFAULT_AUTOVACUUM
  DEFAULT_CACHE_SIZE=128
  DEFAULT_CKPTFULLFSYNC
  DEFAULT_FILE_FORMAT=4
  DEFAULT_JOURNAL_SIZE_LIMIT=32768
  DEFAULT_LOOKASIDE=1200,40
  DEFAULT_MEMSTATUS=0
  DEFAULT_MMAP_SIZE=0
  DEFAULT_PAGE_SIZE=4096
  DEFAULT_PCACHE_INITSZ=20
  DEFAULT_RECURSIVE_TRIGGERS
  DEFAULT_SECTOR_SIZE=4096
  DEFAULT_SYNCHRONOUS=2
  DEFAULT_WAL_AUTOCHECKPOINT=1000
  DEFAULT_WAL_SYNCHRONOUS=1
  DEFAULT_WORKER_THREADS=0
  DIRECT_OVERFLOW_READ
  DQS=3
  ENABLE_API_ARMOR
  ENABLE_BYTECODE_VTAB
  ENABLE_COLUMN_METADATA
  ENABLE_DBSTAT_VTAB
  ENABLE_FTS3
  ENABLE_FTS3_PARENTHESIS
  ENABLE_FTS3_TOKENIZER
  ENABLE_FTS4
  ENABLE_FTS5
  ENABLE_MATH_FUNCTIONS
  ENABLE_NORMALIZE
  ENABLE_PREUPDATE_HOOK
  ENABLE_RTREE
  ENABLE_SESSION
  ENABLE_SETLK_TIMEOUT
  ENABLE_SNAPSHOT
  ENABLE_STMT_SCANSTATUS
  ENABLE_UNKNOWN_SQL_FUNCTION
  HAVE_ISNAN
  MALLOC_SOFT_LIMIT=1024
  MAX_ATTACHED=10
  MAX_COLUMN=2000
  MAX_COMPOUND_SELECT=500
  MAX_MMAP_SIZE=0
  OMIT_BUILTIN_TEST
  OMIT_LOAD_EXTENSION
  SYSTEM_MALLOC
  THREADSAFE=2
)
# Left out: ENABLE_LOCKING_STYLE=1 (Darwin-only code), ENABLE_SQLLOG (needs a logging function the
# application supplies), and on 3.40 ENABLE_UPDATE_DELETE_LIMIT (it needs the parser regenerated
# from its grammar, which the configure of 3.48 and later does when asked, as below, and 3.40's
# does not).

cflags="-O2"
for option in "${options[@]}"; do
  cflags+=" -DSQLITE_${option}"
done

out=".build/apple-sqlite-${suite}"
stamp="$out/options"
recipe="$(sha256sum "${BASH_SOURCE[0]}" | cut -d' ' -f1) ${suite}"
if [[ -f "$out/lib/libsqlite3.so.0" && -f "$out/version" && -f "$stamp" \
  && "$(cat "$stamp")" == "$recipe" ]]; then
  realpath "$out/lib"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial"
# The machine's own Debian entry, as a source entry for the suite asked (its first stanza: the main
# archive), used without touching the machine's apt configuration.
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR == 1' /etc/apt/sources.list.d/debian.sources \
  | sed "s/^Types: deb\$/Types: deb-src/; s/^Suites: .*/Suites: ${suite}/" >"$work/src.sources"
apt_options=(
  -o Dir::Etc::sourcelist=/dev/null -o Dir::Etc::sourceparts="$work"
  -o Dir::State::Lists="$work/lists" -q
)
{
  apt-get "${apt_options[@]}" update
  (cd "$work" && apt-get "${apt_options[@]}" source --download-only sqlite3)
  tar -xf "$work"/sqlite3_*.orig.tar.xz -C "$work"
  source_dir="$(find "$work" -maxdepth 1 -type d -name 'sqlite3-*' | head -1)"
  mkdir -p "$source_dir/bld"
  cd "$source_dir/bld"
  if [[ -f ../auto.def ]]; then
    # SQLite 3.48 and later configure with autosetup: other option names, no libtool. `make so`
    # builds libsqlite3.so, named libsqlite3.so.0 inside (--soname=legacy) as Debian's is, with
    # no run path of its own (--disable-rpath): it finds libm and libz where the system's does.
    ../configure --disable-tcl --fts5 --update-limit --soname=legacy --disable-rpath \
      CFLAGS="$cflags"
    built="libsqlite3.so"
    target="so"
  else
    ../configure --disable-tcl --enable-fts5 CFLAGS="$cflags"
    built=".libs/libsqlite3.so.0"
    target="libsqlite3.la"
  fi
  # Both configures define THREADSAFE as 0 or 1 after CFLAGS (autosetup among its feature flags);
  # Apple's build is 2 (multi-thread). The check below proves the library says 2.
  grep -q -- '-DSQLITE_THREADSAFE=1' Makefile
  sed -i 's/-DSQLITE_THREADSAFE=1/-DSQLITE_THREADSAFE=2/g' Makefile
  make -j2 "$target"
  version="$(cat ../VERSION)"
} >&2
cd - >/dev/null

# The library must be the one of this source and carry the options that matter most; python3's
# sqlite3 module loads libsqlite3.so.0 through the dynamic linker, so LD_LIBRARY_PATH picks it.
mkdir -p "$work/lib"
cp -L "$source_dir/bld/$built" "$work/lib/libsqlite3.so.0"
LD_LIBRARY_PATH="$work/lib" python3 - "$version" <<'PYTHON' >&2
import sqlite3
import sys

expected = sys.argv[1]
connection = sqlite3.connect(":memory:")
options = {row[0] for row in connection.execute("PRAGMA compile_options")}
version = connection.execute("SELECT sqlite_version()").fetchone()[0]
problems = []
if version != expected or sqlite3.sqlite_version != expected:
    problems.append(f"the library loaded is SQLite {version}, not the {expected} just built")
for option in ("THREADSAFE=2", "OMIT_AUTORESET", "ENABLE_FTS5", "MAX_MMAP_SIZE=0"):
    if option not in options:
        problems.append(f"PRAGMA compile_options lacks {option}")
for problem in problems:
    print(f"apple-sqlite: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"apple-sqlite: SQLite {version}, THREADSAFE=2, OMIT_AUTORESET", file=sys.stderr)
PYTHON
mkdir -p "$out/lib"
# Replaced by a rename, never rewritten in place: a program running on the previous one keeps it.
cp "$work/lib/libsqlite3.so.0" "$out/lib/libsqlite3.so.0.new"
mv -f "$out/lib/libsqlite3.so.0.new" "$out/lib/libsqlite3.so.0"
printf '%s\n' "$version" >"$out/version"
printf '%s' "$recipe" >"$stamp"
realpath "$out/lib"
