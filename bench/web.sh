#!/usr/bin/env bash
# The web pages against the API at scale (docs/benchmarks.md, "Web pages").
#
# For each store (embedded SQLite, then PostgreSQL at 127.0.0.1:5432), on a catalog of TITLES
# titles made by `lectern generate` (seed 1): starts `lectern serve` pinned to core 0 and measures
# with wrk on core 1, ROUNDS rounds interleaved, pairs of the same answer as a page and as the API
# gives it, for a guest (a first visit: the page also sets its form token's cookie):
#   - a search: `GET /demo/search?keyword=` against `GET /v2/titles?keyword=` (20 titles each);
#   - a facet: `GET /demo/search?language=spa&sort=title` against `GET /v2/titles?language=spa`;
#   - a title: `GET /demo/titles/{id}` against `GET /v2/titles/{id}`.
# Each page's p99 is reported with its ratio to the API's p99 of the same round (issue 44:
# within 1.5x).
#
# Usage: bench/web.sh   (as root, or with sudo: apt-get, pinning PostgreSQL)
# Knobs (environment): TITLES=1000000 ROUNDS=3 DURATION=10 CONNECTIONS=16
#   STORES="sqlite postgres" LECTERN_PORT=18088 PG_URL=postgres://postgres@127.0.0.1:5432
#   PAIRS="search facet title" (the pairs to measure)
set -euo pipefail
cd "$(dirname "$0")/.."

TITLES="${TITLES:-1000000}"
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-16}"
STORES="${STORES:-sqlite postgres}"
PAIRS="${PAIRS:-search facet title}"
LECTERN_PORT="${LECTERN_PORT:-18088}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_web
THREADS=1
WARMUP=3
SERVER_CPU=0
LOAD_CPU=1
KEY=bench-web
SITE=demo # where `lectern generate` puts titles when given no --site

LECTERN=./target/release/lectern

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
bench_tools
port_free "$LECTERN_PORT" "set LECTERN_PORT"

step "Release build"
cargo build --release -q -p lectern
[ -x "$LECTERN" ] || die "$LECTERN was not built"

WORK="$(mktemp -d -t lectern-bench-web.XXXXXX)"
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
  generated_catalog "$dir" "$store" "$KEY" "Web pages benchmark" "${db_args[@]}"
  if [ "$store" = postgres ]; then pin_postgres || echo "!! could not pin PostgreSQL" >&2; fi
  serve_bench serve "$store" "$dir" "${db_args[@]}"

  local word id
  word="$(curl -s "$BASE/v2/titles?api_key=$KEY&limit=1" | sed -nE 's/.*"title":"([A-Za-z]+)[^"]*".*/\1/p' | head -1)"
  id="$(curl -s "$BASE/v2/titles?api_key=$KEY&limit=1&sortOrder=title" | sed -nE 's/.*"serviceId":"([^"]+)".*/\1/p' | head -1)"
  [ -n "$word" ] && [ -n "$id" ] || die "no title word or title to ask for"
  echo "search word: $word; title: $id"
  local all=(
    "search|$BASE/v2/titles?api_key=$KEY&keyword=$word&limit=20|$BASE/$SITE/search?keyword=$word"
    "facet|$BASE/v2/titles?api_key=$KEY&language=spa&sortOrder=title&limit=20|$BASE/$SITE/search?language=spa&sort=title"
    "title|$BASE/v2/titles/$id?api_key=$KEY|$BASE/$SITE/titles/$id"
  )
  local pairs=() pair
  for pair in "${all[@]}"; do
    case " $PAIRS " in *" ${pair%%|*} "*) pairs+=("$pair") ;; esac
  done
  [ "${#pairs[@]}" -gt 0 ] || die "PAIRS names none of: search facet title"
  local name api web
  for pair in "${pairs[@]}"; do
    IFS='|' read -r name api web <<<"$pair"
    for url in "$api" "$web"; do
      [ "$(curl -s -o /dev/null -w '%{http_code}' "$url")" = 200 ] || die "$url did not answer 200"
    done
    warm "$api"
    warm "$web"
  done
  local round
  for round in $(seq 1 "$ROUNDS"); do
    step "$store: round $round"
    for pair in "${pairs[@]}"; do
      IFS='|' read -r name api web <<<"$pair"
      measure "$name, API" "$api"
      local api_p99="$P99_MS"
      measure "$name, page" "$web"
      ROWS+=("| $store | $round | $name | $api_p99 | $P99_MS ($(ratio "$P99_MS" "$api_p99")) | $(fmt "$RPS") |")
      alive "$SERVER_PID" "lectern ($store)"
    done
  done
  stop_pid "$SERVER_PID"
  if [ "$store" = postgres ]; then unpin_postgres; fi
}

each_store bench_store

step "Results"
echo "| Store | Round | Answer | API p99 (ms) | Page p99 (ms, ratio) | Page req/s |"
echo "| --- | ---: | --- | ---: | ---: | ---: |"
printf '%s\n' "${ROWS[@]}"
if [ "$TOTAL_BAD" -gt 0 ]; then
  echo "!! $TOTAL_BAD errors or non-2xx responses during the run: these figures are not valid." >&2
  exit 1
fi
