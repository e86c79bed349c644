#!/usr/bin/env bash
# Catalog generation benchmark: `lectern generate` writes TITLES titles (a million by default)
# into a fresh SQLite data directory, then into a fresh PostgreSQL database, and for each prints
# the rate lectern reports, the wall time of the whole command (migrations, reference lists and
# popular lists included), its peak resident memory (/usr/bin/time -v) and the database's size.
#
# lectern runs on both cores, as an operator would run it: the generator thread and the writer
# overlap. PostgreSQL's backends are left free to use both cores too (fresh_postgres pins them for
# the HTTP benchmarks; this one unpins them right away).
#
# Usage: bench/generate.sh   (as root, or with sudo for apt-get and PostgreSQL's affinity)
# Takes about a minute a store at the target rate (50,000 titles/s), once the release build is
# done. Knobs (environment): TITLES=1000000 SEED=1 STORES="sqlite postgres"
#                            PG_URL=postgres://postgres@127.0.0.1:5432
#                            LECTERN=PATH: time this binary (an older build, for an A/B) instead
#                            of building ./target/release/lectern
set -euo pipefail
cd "$(dirname "$0")/.."

TITLES="${TITLES:-1000000}"
SEED="${SEED:-1}"
STORES="${STORES:-sqlite postgres}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_generate
# fresh_postgres pins to SERVER_CPU; this script unpins at once.
SERVER_CPU=0
LECTERN="${LECTERN:-}"

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
if [ ! -x /usr/bin/time ]; then apt_install time; fi
need_tools awk du

if [ -z "$LECTERN" ]; then
  step "Release build"
  cargo build --release -q -p lectern
  LECTERN=./target/release/lectern
fi
[ -x "$LECTERN" ] || die "$LECTERN is not an executable"

WORK="$(mktemp -d -t lectern-bench-generate.XXXXXX)"
machine_info
echo "settings: $TITLES titles, seed $SEED"

declare -A RESULT

# kib_to_mib KIB
kib_to_mib() { awk -v k="$1" 'BEGIN {printf "%.0f", k / 1024}'; }
bytes_to_mib() { awk -v b="$1" 'BEGIN {printf "%.0f", b / 1048576}'; }

bench_store() {
  local store="$1" dir="$WORK/$1" db_args=()
  mkdir -p "$dir"
  step "$store"
  # The store before leaves gigabytes to write back, which would otherwise be flushed during this
  # run (PostgreSQL right after SQLite once made 18,755 titles/s, against 25,607 alone).
  sync
  settle
  if [ "$store" = postgres ]; then
    fresh_postgres "$store"
    unpin_postgres
    db_args=(--database-url "$PG_URL/$PG_DB")
  fi

  /usr/bin/time -v -o "$dir/time.txt" \
    env RUST_LOG=warn "$LECTERN" generate --titles "$TITLES" --seed "$SEED" \
    --data-dir "$dir/data" "${db_args[@]}" >"$dir/out.txt" 2>"$dir/err.txt" \
    || { cat "$dir/err.txt" "$dir/time.txt" >&2; die "lectern generate failed on $store"; }
  cat "$dir/out.txt"

  local line rss wall bytes
  line="$(grep '^generated ' "$dir/out.txt")" || die "no 'generated' line from lectern on $store"
  RESULT[$store,rate]="$(printf '%s' "$line" | sed -nE 's/.*\(([0-9]+) titles\/s\).*/\1/p')"
  RESULT[$store,secs]="$(printf '%s' "$line" | sed -nE 's/.* in ([0-9.]+) s .*/\1/p')"
  rss="$(awk -F': ' '/Maximum resident set size/ {print $2}' "$dir/time.txt")"
  wall="$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$dir/time.txt")"
  RESULT[$store,rss]="$(kib_to_mib "$rss")"
  RESULT[$store,wall]="$wall"
  RESULT[$store,cpu]="$(awk -F': ' '/Percent of CPU/ {print $2}' "$dir/time.txt")"
  if [ "$store" = postgres ]; then
    bytes="$(psql_admin -c "SELECT pg_database_size('$PG_DB')")"
    psql_admin -c "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null
    PG_CREATED=""
  else
    bytes="$(du -sb "$dir/data" | awk '{print $1}')"
  fi
  RESULT[$store,size]="$(bytes_to_mib "$bytes")"
}

each_store bench_store

step "Results"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) after the run"
echo
echo "| Store | Titles | Titles/s (lectern's count) | Writing, s | Wall time, whole command | lectern's CPU | Peak RSS, MiB | Database, MiB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for store in $STORES; do
  label="SQLite (embedded)"
  [ "$store" = postgres ] && label="PostgreSQL 127.0.0.1"
  printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$TITLES" \
    "${RESULT[$store,rate]}" "${RESULT[$store,secs]}" "${RESULT[$store,wall]}" \
    "${RESULT[$store,cpu]}" "${RESULT[$store,rss]}" "${RESULT[$store,size]}"
done
