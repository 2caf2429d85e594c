#!/usr/bin/env bash
# Builds SQLite the way Apple builds the one its platforms ship, from Debian's own source package,
# and prints the folder that holds its libsqlite3.so.0. A program linked against the system's
# libsqlite3.so.0 runs on it with LD_LIBRARY_PATH set to that folder.
#
# The options are those of Apple's `PRAGMA compile_options` (iOS 26, and the older lists that add
# OMIT_AUTORESET, OMIT_LOAD_EXTENSION, THREADSAFE=2 and MAX_MMAP_SIZE=0) that compile on Linux;
# Documentation/Haru.docc/ApplePlatforms.md lists them with the ones left out and why.
#
# The result is kept under .build/apple-sqlite and reused while this script is unchanged.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

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
# application supplies), ENABLE_UPDATE_DELETE_LIMIT (needs the parser regenerated from its grammar).

cflags="-O2"
for option in "${options[@]}"; do
  cflags+=" -DSQLITE_${option}"
done

out=".build/apple-sqlite"
stamp="$out/options"
recipe="$(sha256sum "${BASH_SOURCE[0]}" | cut -d' ' -f1)"
if [[ -f "$out/lib/libsqlite3.so.0" && -f "$stamp" && "$(cat "$stamp")" == "$recipe" ]]; then
  realpath "$out/lib"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial"
# The machine's own Debian entry, as a source entry (its first stanza: the main archive), used
# without touching the machine's apt configuration.
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR == 1' /etc/apt/sources.list.d/debian.sources \
  | sed 's/^Types: deb$/Types: deb-src/; s/^Suites: .*/Suites: bookworm/' >"$work/src.sources"
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
  ../configure --disable-tcl --enable-fts5 CFLAGS="$cflags"
  # configure always defines THREADSAFE as 0 or 1 after CFLAGS; Apple's build is 2 (multi-thread).
  sed -i 's/-DSQLITE_THREADSAFE=1/-DSQLITE_THREADSAFE=2/g' Makefile
  make -j2 libsqlite3.la
} >&2
cd - >/dev/null
mkdir -p "$out/lib"
cp -L "$source_dir/bld/.libs/libsqlite3.so.0" "$out/lib/libsqlite3.so.0"
printf '%s' "$recipe" >"$stamp"
realpath "$out/lib"
