#!/usr/bin/env bash
# OPDS feeds against the API's title search at scale (docs/benchmarks.md, "OPDS feeds").
#
# For each store (embedded SQLite, then PostgreSQL at 127.0.0.1:5432), on a catalog of TITLES
# titles made by `lectern generate` (seed 1): starts `lectern serve` pinned to core 0 and measures
# with wrk on core 1, ROUNDS rounds interleaved, pairs of the same page of titles:
#   - new arrivals: `GET /opds/demo/new` (OPDS 2.0, and Atom) against `GET /v2/titles` by
#     dateAdded descending;
#   - a category: `GET /opds/demo/categories/{name}` against `GET /v2/titles?category=` by title;
#   - a search: `GET /opds/demo/search?query=` against `GET /v2/titles?keyword=`;
#   - a language: `GET /opds/demo/languages/spa` against `GET /v2/titles?language=spa` by title.
# Each feed page's p99 is reported with its ratio to the API page's p99 of the same round
# (issue 43: within 2x).
#
# Usage: bench/opds.sh   (as root, or with sudo: apt-get, pinning PostgreSQL)
# Knobs (environment): TITLES=1000000 ROUNDS=3 DURATION=10 CONNECTIONS=16
#   STORES="sqlite postgres" LECTERN_PORT=18087 PG_URL=postgres://postgres@127.0.0.1:5432
set -euo pipefail
cd "$(dirname "$0")/.."

TITLES="${TITLES:-1000000}"
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-16}"
STORES="${STORES:-sqlite postgres}"
LECTERN_PORT="${LECTERN_PORT:-18087}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_opds
THREADS=1
WARMUP=3
SERVER_CPU=0
LOAD_CPU=1
KEY=bench-opds
SITE=demo # where `lectern generate` puts titles when given no --site
OPDS2='Accept: application/opds+json'

LECTERN=./target/release/lectern

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
bench_tools
port_free "$LECTERN_PORT" "set LECTERN_PORT"

step "Release build"
cargo build --release -q -p lectern
[ -x "$LECTERN" ] || die "$LECTERN was not built"

WORK="$(mktemp -d -t lectern-bench-opds.XXXXXX)"
machine_info
echo "commit:   $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates Cargo.toml Cargo.lock || echo ' (with uncommitted changes in crates/)')"
echo "settings: $TITLES titles; wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s, $ROUNDS rounds;" \
  "server on core $SERVER_CPU, load on core $LOAD_CPU"

declare -A RESULT # fresh_postgres notes in it whether PostgreSQL could be pinned
TOTAL_BAD=0
ROWS=()


bench_store() {
  local store="$1" dir="$WORK/$1" db_args=()
  mkdir -p "$dir"
  step "$store: generate $TITLES titles, reindex, client key"
  if [ "$store" = postgres ]; then
    fresh_postgres "$store"
    unpin_postgres
    db_args=(--database-url "$PG_URL/$PG_DB")
  fi
  generated_catalog "$dir" "$store" "$KEY" "OPDS benchmark" "${db_args[@]}"
  if [ "$store" = postgres ]; then pin_postgres || echo "!! could not pin PostgreSQL" >&2; fi
  serve_bench serve "$store" "$dir" "${db_args[@]}"

  local category word
  category="$(curl -s "$BASE/v2/categories?api_key=$KEY&limit=1" | sed -nE 's/.*"name":"([^"]+)".*/\1/p' | head -1)"
  word="$(curl -s "$BASE/v2/titles?api_key=$KEY&limit=1" | sed -nE 's/.*"title":"([A-Za-z]+)[^"]*".*/\1/p' | head -1)"
  [ -n "$category" ] && [ -n "$word" ] || die "no category or title word to ask for"
  local cat_q
  cat_q="$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$category")"
  echo "category: $category; search word: $word"
  local pairs=(
    "new arrivals|$BASE/v2/titles?api_key=$KEY&sortOrder=dateAdded&direction=desc|$BASE/opds/$SITE/new"
    "category|$BASE/v2/titles?api_key=$KEY&category=$cat_q&sortOrder=title|$BASE/opds/$SITE/categories/$cat_q"
    "search|$BASE/v2/titles?api_key=$KEY&keyword=$word|$BASE/opds/$SITE/search?query=$word"
    "language|$BASE/v2/titles?api_key=$KEY&language=spa&sortOrder=title|$BASE/opds/$SITE/languages/spa"
  )
  local pair name api feed
  for pair in "${pairs[@]}"; do
    IFS='|' read -r name api feed <<<"$pair"
    for url in "$api" "$feed"; do
      [ "$(curl -s -o /dev/null -w '%{http_code}' "$url")" = 200 ] || die "$url did not answer 200"
    done
    warm "$api"
    warm -H "$OPDS2" "$feed"
  done
  local round
  for round in $(seq 1 "$ROUNDS"); do
    step "$store: round $round"
    for pair in "${pairs[@]}"; do
      IFS='|' read -r name api feed <<<"$pair"
      measure "$name, API" "$api"
      local api_p99="$P99_MS"
      measure "$name, OPDS 2.0" "$feed" "$OPDS2"
      local json_p99="$P99_MS" json_rps="$RPS"
      measure "$name, Atom" "$feed"
      ROWS+=("| $store | $round | $name | $api_p99 | $json_p99 ($(ratio "$json_p99" "$api_p99")) | $P99_MS ($(ratio "$P99_MS" "$api_p99")) | $(fmt "$json_rps") |")
      alive "$SERVER_PID" "lectern ($store)"
    done
  done
  stop_pid "$SERVER_PID"
  if [ "$store" = postgres ]; then unpin_postgres; fi
}

each_store bench_store

step "Results"
echo "| Store | Round | Page | API p99 (ms) | OPDS 2.0 p99 (ms, ratio) | Atom p99 (ms, ratio) | OPDS 2.0 req/s |"
echo "| --- | ---: | --- | ---: | ---: | ---: | ---: |"
printf '%s\n' "${ROWS[@]}"
if [ "$TOTAL_BAD" -gt 0 ]; then
  echo "!! $TOTAL_BAD errors or non-2xx responses during the run: these figures are not valid." >&2
  exit 1
fi
