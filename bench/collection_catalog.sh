#!/usr/bin/env bash
# The collection assistant's catalog at scale (docs/benchmarks.md, "Collection (issue 20)"):
# GET /v2/catalog on TITLES generated titles (every status), for each store (SQLite, then
# PostgreSQL at 127.0.0.1:5432):
#   1. `lectern generate` and `lectern reindex` into a fresh data directory / database;
#   2. a trusted client key and a collection assistant of the generated titles' site, a server
#      pinned to core 0, and the assistant's access token from the password grant;
#   3. walks the `next` tokens of each listing (sortOrder title, author, updatedDate desc) from
#      page 1 to page DEEP_PAGE (limit=10), checking every page, and one listing from its first
#      page to its last (limit=END_LIMIT) on each store of END_STORES: every title once, as many
#      as totalResults;
#   4. wrk on core 1 with the assistant's token, ROUNDS rounds interleaved: page 1 and page
#      DEEP_PAGE of each listing at each concurrency of LEVELS (medians of the rounds).
# Usage: bench/collection_catalog.sh   (as root, or with sudo: pinning PostgreSQL)
# Knobs: TITLES=1000000 SEED=1 STORES="sqlite postgres" DEEP_PAGE=2000 END_LIMIT=100
#   END_STORES=sqlite ROUNDS=2
#   DURATION=10 LEVELS="1 4" LECTERN_PORT=18087 PG_URL=postgres://postgres@127.0.0.1:5432
# Exits 1 if a request failed, a page was not the expected one, or the server died.
set -euo pipefail
cd "$(dirname "$0")/.."

TITLES="${TITLES:-1000000}"
SEED="${SEED:-1}"
STORES="${STORES:-sqlite postgres}"
DEEP_PAGE="${DEEP_PAGE:-2000}"
END_LIMIT="${END_LIMIT:-100}"
END_STORES="${END_STORES:-sqlite}"
ROUNDS="${ROUNDS:-2}"
DURATION="${DURATION:-10}"
LEVELS="${LEVELS:-1 4}"
LECTERN_PORT="${LECTERN_PORT:-18087}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_collection
THREADS=1
WARMUP=2
WRK_TIMEOUT=30s
SERVER_CPU=0
LOAD_CPU=1
KEY=bench-collection
SITE=demo # where `lectern generate` puts titles when given no --site
CURATOR=curator@bench.lectern
PASSWORD=bench-curator-pass-1
LECTERN=./target/release/lectern

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
bench_tools
need_tools python3
port_free "$LECTERN_PORT" "set LECTERN_PORT"
[ "$DEEP_PAGE" -ge 2 ] || die "DEEP_PAGE must be at least 2"
step "Release build"
cargo build --release -q -p lectern
WORK="$(mktemp -d -t lectern-bench-collection-catalog.XXXXXX)"
# A copy: a build started during the run must not change the program between its steps.
cp "$LECTERN" "$WORK/lectern"
LECTERN="$WORK/lectern"
machine_info
echo "commit:   $(git rev-parse --short HEAD)"
echo "settings: $TITLES titles, seed $SEED; wrk -t$THREADS -c{${LEVELS// /,}} -d${DURATION}s, $ROUNDS rounds;" \
  "server on core $SERVER_CPU, load on core $LOAD_CPU"

LISTINGS="title author updated"
declare -A QUERY=([title]="sortOrder=title" [author]="sortOrder=author" [updated]="sortOrder=updatedDate&direction=desc")
END_LISTING=updated
declare -A RESULT
TOTAL_BAD=0

walker() { taskset -c "$LOAD_CPU" python3 bench/catalog_walk.py "$@"; }

# one_store STORE: steps 1 to 4 for one store; prints its figures.
one_store() {
  local store="$1" dir="$WORK/$1" db=()
  mkdir -p "$dir"
  step "$store: generate $TITLES titles and reindex"
  if [ "$store" = postgres ]; then
    fresh_postgres "$store"
    unpin_postgres # generation and reindexing use both cores
    db=(--database-url "$PG_URL/$PG_DB")
  fi
  RUST_LOG=warn "$LECTERN" generate --titles "$TITLES" --seed "$SEED" --data-dir "$dir/data" "${db[@]}" | grep '^generated '
  RUST_LOG=warn "$LECTERN" reindex --data-dir "$dir/data" "${db[@]}" | grep '^reindexed '
  "$LECTERN" admin client create --name "Collection benchmark" --site "$SITE" --api-key "$KEY" --trusted \
    --data-dir "$dir/data" "${db[@]}" >/dev/null
  "$LECTERN" admin account create --site "$SITE" --user-name "$CURATOR" --password "$PASSWORD" \
    --role collectionAssistant --first-name Bench --last-name Curator --data-dir "$dir/data" "${db[@]}" >/dev/null

  step "$store: server and token"
  if [ "$store" = postgres ]; then pin_postgres || echo "!! could not pin PostgreSQL to core $SERVER_CPU" >&2; fi
  serve_bench serve "$store" "$dir" "${db[@]}"
  local token total
  token="$(password_token "$BASE" "$KEY" "$CURATOR" "$PASSWORD")"
  export CATALOG_PATH=/v2/catalog CATALOG_BEARER="$token"
  total="$(curl -s -H "Authorization: Bearer $token" "$BASE/v2/catalog?api_key=$KEY&limit=1" \
    | sed -nE 's/.*"totalResults":([0-9]+).*/\1/p')"
  echo "the catalog lists $(printf "%'d" "$total") titles to the assistant"

  step "$store: walking to page $DEEP_PAGE of each listing, and one to its end"
  local walk_args=() listing
  for listing in $LISTINGS; do walk_args+=("$listing" "${QUERY[$listing]}"); done
  local walk
  walk="$(walker walk "$BASE" "$KEY" "$DEEP_PAGE" "${walk_args[@]}")" || die "the walk failed ($store)"
  declare -A url=()
  for listing in $LISTINGS; do
    url[$listing-p1]="$BASE/v2/catalog?api_key=$KEY&${QUERY[$listing]}&limit=10"
    url[$listing-deep]="${url[$listing-p1]}&start=$(sed -nE "s/^TOKEN_$listing=//p" <<<"$walk")"
    echo "  $listing: $((DEEP_PAGE - 1)) pages one at a time in $(sed -nE "s/^WALK_$listing=//p" <<<"$walk") s; pages checked"
  done
  if [[ " $END_STORES " != *" $store "* ]]; then
    RESULT[$store,end]="not walked (END_STORES)"
  else
    local end
    end="$(walker end "$BASE" "$KEY" "$END_LISTING" "${QUERY[$END_LISTING]}" "$END_LIMIT")" || die "the walk to the end failed ($store)"
    RESULT[$store,end]="$(sed -nE "s/^END_PAGES_$END_LISTING=//p" <<<"$end") pages of $END_LIMIT in $(sed -nE "s/^END_SECONDS_$END_LISTING=//p" <<<"$end") s, $(sed -nE "s/^END_TOTAL_$END_LISTING=//p" <<<"$end") titles each once"
    echo "  $END_LISTING to its end: ${RESULT[$store,end]}"
  fi
  alive "$SERVER_PID" "lectern ($store)"

  step "$store: wrk"
  local header="Authorization: Bearer $token" target level round
  local targets=()
  for listing in $LISTINGS; do targets+=("$listing-p1" "$listing-deep"); done
  for target in "${targets[@]}"; do
    taskset -c "$LOAD_CPU" wrk -t1 -c4 -d"${WARMUP}s" -H "$header" "${url[$target]}" >/dev/null
  done
  declare -A rps=() p50=() p99=()
  for round in $(seq 1 "$ROUNDS"); do
    for target in "${targets[@]}"; do
      for level in $LEVELS; do
        settle
        CONNECTIONS="$level" run_wrk "$target" "${url[$target]}" "$header"
        alive "$SERVER_PID" "lectern ($store)"
        TOTAL_BAD=$((TOTAL_BAD + BAD))
        rps[$target,$level]+=" $RPS"
        p50[$target,$level]+=" $(to_ms "$P50")"
        p99[$target,$level]+=" $(to_ms "$P99")"
        printf '  round %s: %-12s -c%-2s %8s pages/s  p50 %-9s p99 %s\n' "$round" "$target" "$level" "$RPS" "$P50" "$P99"
      done
    done
  done
  # shellcheck disable=SC2086 # the rounds are words
  for target in "${targets[@]}"; do
    for level in $LEVELS; do
      RESULT[$store,$target,$level,rps]="$(median ${rps[$target,$level]})"
      RESULT[$store,$target,$level,p50]="$(median ${p50[$target,$level]})"
      RESULT[$store,$target,$level,p99]="$(median ${p99[$target,$level]})"
    done
  done
  stop_pid "$SERVER_PID"
  if [ "$store" = postgres ]; then unpin_postgres; fi
}

for store in $STORES; do one_store "$store"; done

step "Summary (medians of $ROUNDS rounds; page $DEEP_PAGE against page 1)"
first_level="${LEVELS%% *}"
last_level="${LEVELS##* }"
for store in $STORES; do
  echo "$store: to the end: ${RESULT[$store,end]}"
  for listing in $LISTINGS; do
    line="  $listing:"
    for level in $LEVELS; do
      line+=" -c$level page 1 $(fmt "${RESULT[$store,$listing-p1,$level,rps]}")/s, deep $(fmt "${RESULT[$store,$listing-deep,$level,rps]}")/s;"
    done
    line+=" p50 $(ratio "${RESULT[$store,$listing-deep,$first_level,p50]}" "${RESULT[$store,$listing-p1,$first_level,p50]}")×"
    line+=" p99 $(ratio "${RESULT[$store,$listing-deep,$first_level,p99]}" "${RESULT[$store,$listing-p1,$first_level,p99]}")× (-c$first_level),"
    line+=" throughput $(ratio "${RESULT[$store,$listing-p1,$last_level,rps]}" "${RESULT[$store,$listing-deep,$last_level,rps]}")× (-c$last_level)"
    line+=" [p50 ms -c$first_level: page 1 ${RESULT[$store,$listing-p1,$first_level,p50]}, deep ${RESULT[$store,$listing-deep,$first_level,p50]}]"
    echo "$line"
  done
done
if [ "$TOTAL_BAD" -gt 0 ]; then
  echo "!! $TOTAL_BAD errors, non-2xx responses or timeouts during the run: these figures are not valid." >&2
  exit 1
fi
