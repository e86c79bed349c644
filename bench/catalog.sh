#!/usr/bin/env bash
# Title catalog benchmark (docs/benchmarks.md, "Title catalog at 1,000,000 titles").
#
# On a catalog of TITLES titles made by `lectern generate` (seed SEED), for each store (embedded
# SQLite, then PostgreSQL at 127.0.0.1:5432):
#   1. generates the catalog into a fresh data directory / database and rebuilds the index with
#      `lectern reindex`, timing both with /usr/bin/time -v (rate, wall time, peak RSS), and
#      measures the database and the index;
#   2. creates a client key on the generated titles' site (`demo`, global), starts `lectern serve`
#      pinned to core 0 and checks, through the API, each search shape's totalResults and facets;
#   3. walks the `next` tokens from page 1 to page DEEP_PAGE (limit=10) of a broad search (BROAD,
#      relevance) and of the sorted listing (no keyword, sortOrder=title), checking the pages;
#   4. measures with wrk on core 1, ROUNDS rounds interleaved: each search shape and page 1 / page
#      DEEP_PAGE of both listings, at each concurrency of LEVELS; then GET /v2/titles/{serviceId}
#      for ids spread over the catalog (bench/catalog_ids.lua) at ID_CONNECTIONS connections;
#   5. reads the server's resident memory after the runs.
# Then the baselines (bench/fts_baseline.py): SQLite FTS5 and PostgreSQL full text built from the
# generated store, each search shape timed from a client (at least 50 runs), their answers checked
# against the API's (same totalResults, same facets).
#
# The server side (lectern; for PostgreSQL, the postmaster and its backends; the FTS5 baseline,
# which is embedded) is pinned to core 0, the load (wrk, the walker, the PostgreSQL baseline's
# client) to core 1. `lectern generate` and `lectern reindex` run on both cores, as an operator
# runs them.
#
# Usage: bench/catalog.sh   (as root, or with sudo: apt-get, pinning PostgreSQL)
# Knobs (environment): TITLES=1000000 SEED=1 STORES="sqlite postgres" BASELINES="sqlite postgres"
#   ROUNDS=3 DURATION=10 LEVELS="1 4" ID_CONNECTIONS=16 DEEP_PAGE=5000 LECTERN_PORT=18083
#   FREQUENT=time RARE=yell TWO="time people" FILTER_LANGUAGE=eng FILTER_FORMAT=DAISY_AUDIO BROAD=the NONE=qqqq
#   BASELINE_MIN_RUNS=50 BASELINE_MAX_RUNS=500 BASELINE_SECONDS=30 PG_URL=postgres://postgres@127.0.0.1:5432
#   KEEP=DIR: leave the generated stores in DIR (and the PostgreSQL database) instead of deleting them.
# At 1,000,000 titles and the defaults it takes about an hour and needs about 8 GB of disk.
# Exits 1 if a request failed, an answer was not the expected one, or the server died.
set -euo pipefail
cd "$(dirname "$0")/.."

TITLES="${TITLES:-1000000}"
SEED="${SEED:-1}"
STORES="${STORES:-sqlite postgres}"
BASELINES="${BASELINES:-sqlite postgres}"
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
LEVELS="${LEVELS:-1 4}"
ID_CONNECTIONS="${ID_CONNECTIONS:-16}"
DEEP_PAGE="${DEEP_PAGE:-5000}"
LECTERN_PORT="${LECTERN_PORT:-18083}"
FREQUENT="${FREQUENT:-time}"
RARE="${RARE:-yell}"
TWO="${TWO:-time people}"
FILTER_LANGUAGE="${FILTER_LANGUAGE:-eng}"
FILTER_FORMAT="${FILTER_FORMAT:-DAISY_AUDIO}"
BROAD="${BROAD:-the}"
NONE="${NONE:-qqqq}"
BASELINE_MIN_RUNS="${BASELINE_MIN_RUNS:-50}"
BASELINE_MAX_RUNS="${BASELINE_MAX_RUNS:-500}"
BASELINE_SECONDS="${BASELINE_SECONDS:-30}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_catalog
KEEP="${KEEP:-}"
THREADS=1
WARMUP=2
WRK_TIMEOUT=30s
SERVER_CPU=0
LOAD_CPU=1
CLIENT_KEY=bench-catalog
SITE=demo # the site `lectern generate` puts titles in when given no --site (global, from the demo data set)
IDS_SAMPLE=100000
CEILING_PORT=$((LECTERN_PORT + 1))

LECTERN=./target/release/lectern
CEILING=./target/release/examples/bench_baseline

# shellcheck source=bench/lib.sh
source bench/lib.sh

# --- tools -------------------------------------------------------------------------------------

step "Tools"
bench_tools
if [ ! -x /usr/bin/time ]; then apt_install time; fi
if ! command -v sqlite3 >/dev/null; then apt_install sqlite3; fi
need_tools python3 du shuf
if [[ " $STORES $BASELINES " == *" postgres "* ]] && ! python3 -c 'import psycopg' 2>/dev/null; then
  python3 -m pip install -q 'psycopg[binary]' || die "the PostgreSQL baseline needs psycopg (pip install 'psycopg[binary]')"
fi
if [ -n "$BASELINES" ] && ! python3 -c 'import lz4.block' 2>/dev/null; then
  python3 -m pip install -q lz4 || die "the baselines read packed title records with lz4 (pip install lz4)"
fi
port_free "$LECTERN_PORT" "set LECTERN_PORT"
[ "$DEEP_PAGE" -ge 2 ] || die "DEEP_PAGE must be at least 2"

port_free "$CEILING_PORT" "set LECTERN_PORT (the ceiling listens on the next port)"

step "Release build"
cargo build --release -q -p lectern
cargo build --release -q -p lectern-http --examples
[ -x "$LECTERN" ] || die "$LECTERN was not built"
[ -x "$CEILING" ] || die "$CEILING was not built"

if [ -n "$KEEP" ]; then
  mkdir -p "$KEEP"
  WORK_DIR="$(cd "$KEEP" && pwd)"
else
  WORK="$(mktemp -d -t lectern-bench-catalog.XXXXXX)"
  WORK_DIR="$WORK"
fi
# A copy of the binary: a build started during the run (others work in this checkout) must not
# change the program between generate, reindex and serve.
cp "$LECTERN" "$WORK_DIR/lectern"
cp "$CEILING" "$WORK_DIR/bench_baseline"
LECTERN="$WORK_DIR/lectern"
CEILING="$WORK_DIR/bench_baseline"

machine_info
echo "disk:     $(df -hT "$WORK_DIR" | awk 'NR == 2 {print $2 " on " $1 ", " $3 " (" $5 " free)"}') for $WORK_DIR"
echo "commit:   $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates Cargo.toml Cargo.lock || echo ' (with uncommitted changes in crates/)')"
echo "settings: $TITLES titles, seed $SEED; wrk -t$THREADS -c{${LEVELS// /,}} -d${DURATION}s --latency, $ROUNDS rounds;" \
  "server on core $SERVER_CPU, load on core $LOAD_CPU"

# --- helpers -----------------------------------------------------------------------------------

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}'; }
fmt1() { awk -v x="$1" 'BEGIN {printf "%.1f", x}'; }
fmt2() { awk -v x="$1" 'BEGIN {printf "%.2f", x}'; }
thousands() { printf '%s\n' "$1" | sed -E ':a; s/^([0-9]+)([0-9]{3})/\1,\2/; ta'; }
mib() { awk -v b="$1" 'BEGIN {printf "%.0f", b / 1048576}'; }
# A latency in ms, with the precision it deserves.
ms() { awk -v x="$1" 'BEGIN {if (x >= 1000) printf "%.2f s", x / 1000; else if (x >= 10) printf "%.0f ms", x; else if (x >= 1) printf "%.1f ms", x; else printf "%.2f ms", x}'; }
urlenc() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote_plus(sys.argv[1]))' "$1"; }

# bench_wrk NAME CONNS URL [LUA_SCRIPT]: one wrk run on the load core, after the server's core
# has settled; sets RPS, REQUESTS, P50 and P99 (ms), BAD (non-2xx + socket errors, timeouts
# included), BUSY_SERVER and BUSY_LOAD.
bench_wrk() {
  local name="$1" conns="$2" url="$3" out="$WORK_DIR/wrk.txt"
  local args=(-t"$THREADS" -c"$conns" -d"${DURATION}s" --latency --timeout "$WRK_TIMEOUT")
  if [ $# -ge 4 ]; then args+=(-s "$4"); fi
  settle
  cpu_mark
  taskset -c "$LOAD_CPU" wrk "${args[@]}" "$url" >"$out"
  cpu_busy
  read_wrk "$name" "$out"
  P50="$(to_ms "$P50")"
  P99="$(to_ms "$P99")"
}

# warm_url CONNS URL [LUA_SCRIPT]: WARMUP seconds of load, not counted.
warm_url() {
  local args=(-t"$THREADS" -c"$1" -d"${WARMUP}s" --timeout "$WRK_TIMEOUT")
  if [ $# -ge 3 ]; then args+=(-s "$3"); fi
  taskset -c "$LOAD_CPU" wrk "${args[@]}" "$2" >/dev/null
}

# timed FILE CMD...: runs CMD under /usr/bin/time -v (report in FILE), its output in FILE.out/.err.
timed() {
  local file="$1"
  shift
  /usr/bin/time -v -o "$file" "$@" >"$file.out" 2>"$file.err" \
    || { cat "$file.err" "$file" >&2; die "failed: $*"; }
}
peak_rss_mib() { awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$1"; }
wall_of() { awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$1"; }
cpu_of() { awk -F': ' '/Percent of CPU/ {print $2}' "$1"; }

# store_sql STORE SQL: a read-only query in the store, tab-separated rows on stdout.
store_sql() {
  if [ "$1" = sqlite ]; then
    sqlite3 -readonly -batch -noheader -separator $'\t' "$WORK_DIR/sqlite/data/lectern.db" "$2"
  else
    psql "$PG_URL/$PG_DB" -v ON_ERROR_STOP=1 -qAtX -F $'\t' -c "$2"
  fi
}

label() { if [ "$1" = postgres ]; then echo "PostgreSQL 127.0.0.1"; else echo "SQLite (embedded)"; fi; }

# --- the searches ------------------------------------------------------------------------------

# name<TAB>keyword<TAB>language<TAB>format, in bench/fts_baseline.py's format.
SHAPES_FILE="$WORK_DIR/shapes.tsv"
printf '%s\t%s\t%s\t%s\n' \
  frequent "$FREQUENT" "" "" \
  rare "$RARE" "" "" \
  two "$TWO" "" "" \
  filtered "$FREQUENT" "$FILTER_LANGUAGE" "$FILTER_FORMAT" \
  broad "$BROAD" "" "" \
  none "$NONE" "" "" >"$SHAPES_FILE"
SHAPES="frequent rare two filtered broad none"
declare -A SHAPE_LABEL=(
  [frequent]="frequent term \`$FREQUENT\`"
  [rare]="rare term \`$RARE\`"
  [two]="two terms \`$TWO\`"
  [filtered]="filtered: \`$FREQUENT\` + language=$FILTER_LANGUAGE + format=$FILTER_FORMAT"
  [broad]="extra: very broad term \`$BROAD\`"
  [none]="extra: no match \`$NONE\`"
)
declare -A SHAPE_QUERY=(
  [frequent]="keyword=$(urlenc "$FREQUENT")"
  [rare]="keyword=$(urlenc "$RARE")"
  [two]="keyword=$(urlenc "$TWO")"
  [filtered]="keyword=$(urlenc "$FREQUENT")&language=$FILTER_LANGUAGE&format=$FILTER_FORMAT"
  [broad]="keyword=$(urlenc "$BROAD")"
  [none]="keyword=$(urlenc "$NONE")"
)
# The two deep-paging listings (catalog_walk.py names and queries).
LISTINGS="broad sorted"
declare -A LISTING_QUERY=([broad]="keyword=$(urlenc "$BROAD")" [sorted]="sortOrder=title")
declare -A LISTING_LABEL=([broad]="\`$BROAD\`, relevance" [sorted]="no keyword, sortOrder=title")

declare -A RESULT
TOTAL_BAD=0

# --- one store ---------------------------------------------------------------------------------

bench_store() {
  local store="$1" dir="$WORK_DIR/$1" db_args=() t0
  rm -rf "$dir"
  mkdir -p "$dir"
  step "$store: lectern generate --titles $TITLES --seed $SEED"
  if [ "$store" = postgres ]; then
    fresh_postgres "$store"
    if [ -n "$KEEP" ]; then PG_CREATED=""; fi
    unpin_postgres # generate and reindex run on both cores, PostgreSQL's backends too
    db_args=(--database-url "$PG_URL/$PG_DB")
  fi
  timed "$dir/generate.time" env RUST_LOG=warn "$LECTERN" generate --titles "$TITLES" --seed "$SEED" \
    --data-dir "$dir/data" "${db_args[@]}"
  local line
  line="$(grep '^generated ' "$dir/generate.time.out")" || die "no 'generated' line from lectern generate ($store)"
  echo "$line; wall $(wall_of "$dir/generate.time"), CPU $(cpu_of "$dir/generate.time"), peak RSS $(peak_rss_mib "$dir/generate.time") MiB"
  RESULT[$store,gen_rate]="$(sed -nE 's/.*\(([0-9]+) titles\/s\).*/\1/p' <<<"$line")"
  RESULT[$store,gen_secs]="$(sed -nE 's/.* in ([0-9.]+) s .*/\1/p' <<<"$line")"
  RESULT[$store,gen_wall]="$(wall_of "$dir/generate.time")"
  RESULT[$store,gen_cpu]="$(cpu_of "$dir/generate.time")"
  RESULT[$store,gen_rss]="$(peak_rss_mib "$dir/generate.time")"
  local bytes
  if [ "$store" = postgres ]; then
    # What autovacuum would do in the next minutes, done now so that it does not run during the
    # measurements (its workers would inherit the pinning to the server's core).
    t0="$(now)"
    psql "$PG_URL/$PG_DB" -v ON_ERROR_STOP=1 -qAtX -c 'VACUUM (ANALYZE) titles' >/dev/null
    RESULT[$store,vacuum]="$(since "$t0")"
    echo "VACUUM (ANALYZE) titles: ${RESULT[$store,vacuum]} s (not counted in the generation rate)"
    psql "$PG_URL/$PG_DB" -qAtX -c 'CHECKPOINT' >/dev/null
    bytes="$(psql_admin -c "SELECT pg_database_size('$PG_DB')")"
    RESULT[$store,titles_table]="$(mib "$(psql "$PG_URL/$PG_DB" -qAtX -c "SELECT pg_total_relation_size('titles')")")"
  else
    bytes="$(du -cb "$dir"/data/lectern.db* | awk 'END {print $1}')"
  fi
  RESULT[$store,db_size]="$(mib "$bytes")"
  echo "database: $(mib "$bytes") MiB"

  step "$store: lectern reindex"
  timed "$dir/reindex.time" env RUST_LOG=warn "$LECTERN" reindex --data-dir "$dir/data" "${db_args[@]}"
  line="$(grep '^reindexed ' "$dir/reindex.time.out")" || die "no 'reindexed' line from lectern reindex ($store)"
  RESULT[$store,reindex_rate]="$(sed -nE 's/.*\(([0-9]+) titles\/s\).*/\1/p' <<<"$line")"
  RESULT[$store,reindex_secs]="$(sed -nE 's/.* in ([0-9.]+) s .*/\1/p' <<<"$line")"
  RESULT[$store,reindex_n]="$(sed -nE 's/^reindexed ([0-9]+) titles.*/\1/p' <<<"$line")"
  RESULT[$store,reindex_wall]="$(wall_of "$dir/reindex.time")"
  RESULT[$store,reindex_cpu]="$(cpu_of "$dir/reindex.time")"
  RESULT[$store,reindex_rss]="$(peak_rss_mib "$dir/reindex.time")"
  RESULT[$store,index_size]="$(mib "$(du -sb "$dir/data/index" | awk '{print $1}')")"
  echo "$line; wall ${RESULT[$store,reindex_wall]}, CPU ${RESULT[$store,reindex_cpu]}," \
    "peak RSS ${RESULT[$store,reindex_rss]} MiB; index ${RESULT[$store,index_size]} MiB"

  step "$store: client key, server, checks"
  "$LECTERN" admin client create --name "Catalog benchmark" --site "$SITE" --api-key "$CLIENT_KEY" \
    --data-dir "$dir/data" "${db_args[@]}" >"$dir/client.out" 2>&1 || { cat "$dir/client.out" >&2; die "could not create the client key"; }
  local visible
  visible="$(store_sql "$store" "SELECT count(*) FROM titles WHERE site_id = '$SITE' AND status = 'live' AND adult_content = 0")"
  RESULT[$store,visible]="$visible"
  store_sql "$store" "SELECT service_id FROM titles WHERE status = 'live' AND adult_content = 0 AND service_id LIKE 'gen-%'" \
    | shuf -n "$IDS_SAMPLE" --random-source=<(yes) >"$dir/ids.txt"

  if [ "$store" = postgres ]; then pin_postgres || echo "!! could not pin PostgreSQL to core $SERVER_CPU" >&2; fi
  t0="$(now)"
  taskset -c "$SERVER_CPU" "$LECTERN" serve --data-dir "$dir/data" "${db_args[@]}" \
    --listen "127.0.0.1:$LECTERN_PORT" --rate-limit-per-client 100000000 --rate-limit-per-user 100000000 \
    >"$dir/lectern.out" 2>/dev/null &
  local pid=$!
  PIDS+=("$pid")
  local base="http://127.0.0.1:$LECTERN_PORT"
  wait_http "$base/v2/titles?api_key=$CLIENT_KEY&limit=1" "$pid" "lectern ($store)"
  # The guest sees every live title without adult content: the index must hold them all.
  local total=""
  for _ in $(seq 1 600); do
    total="$(curl -s "$base/v2/titles?api_key=$CLIENT_KEY&limit=1" | sed -nE 's/.*"totalResults":([0-9]+).*/\1/p')"
    [ "$total" = "$visible" ] && break
    sleep 0.2
  done
  [ "$total" = "$visible" ] || die "the API lists $total titles to a guest, the store has $visible live titles without adult content"
  RESULT[$store,ready]="$(since "$t0")"
  RESULT[$store,rss_start]="$(ps -o rss= -p "$pid" | awk '{printf "%.0f", $1 / 1024}')"
  echo "serving $(thousands "$visible") visible titles after ${RESULT[$store,ready]} s; RSS ${RESULT[$store,rss_start]} MiB"

  taskset -c "$LOAD_CPU" python3 bench/catalog_walk.py shapes "$base" "$CLIENT_KEY" "$SHAPES_FILE" "$dir/api.tsv" \
    || die "the searches failed ($store)"
  local name n rest
  while IFS=$'\t' read -r name n rest; do
    RESULT[$store,$name,total]="$n"
    echo "  ${SHAPE_LABEL[$name]}: totalResults $(thousands "$n")"
  done <"$dir/api.tsv"
  RESULT[api_tsv]="$dir/api.tsv"

  step "$store: walking to page $(thousands "$DEEP_PAGE")"
  local walk_args=() listing walk
  for listing in $LISTINGS; do walk_args+=("$listing" "${LISTING_QUERY[$listing]}"); done
  walk="$(taskset -c "$LOAD_CPU" python3 bench/catalog_walk.py walk "$base" "$CLIENT_KEY" "$DEEP_PAGE" "${walk_args[@]}")" \
    || die "the walk failed ($store)"
  alive "$pid" "lectern ($store)"
  declare -A url=()
  for listing in $LISTINGS; do
    local token seconds listed
    token="$(sed -nE "s/^TOKEN_$listing=//p" <<<"$walk")"
    seconds="$(sed -nE "s/^WALK_$listing=//p" <<<"$walk")"
    listed="$(sed -nE "s/^TOTAL_$listing=//p" <<<"$walk")"
    RESULT[$store,walk_$listing]="$seconds"
    RESULT[$store,total_$listing]="$listed"
    url[$listing-p1]="$base/v2/titles?api_key=$CLIENT_KEY&${LISTING_QUERY[$listing]}&limit=10"
    url[$listing-deep]="$base/v2/titles?api_key=$CLIENT_KEY&${LISTING_QUERY[$listing]}&limit=10&start=$token"
    echo "  ${LISTING_LABEL[$listing]}: $(thousands "$listed") results; $((DEEP_PAGE - 1)) requests in $seconds s" \
      "($(awk -v s="$seconds" -v n=$((DEEP_PAGE - 1)) 'BEGIN {printf "%.1f", 1000 * s / n}') ms each, one at a time); pages checked"
  done
  local shape
  for shape in $SHAPES; do url[$shape]="$base/v2/titles?api_key=$CLIENT_KEY&${SHAPE_QUERY[$shape]}&limit=10"; done
  url[by-id]="$base/"

  step "$store: wrk"
  # The ceiling: a bare axum handler returning a fixed JSON body, on the same core.
  taskset -c "$SERVER_CPU" "$CEILING" "127.0.0.1:$CEILING_PORT" >"$dir/ceiling.out" 2>&1 &
  local ceiling_pid=$!
  PIDS+=("$ceiling_pid")
  wait_http "http://127.0.0.1:$CEILING_PORT/" "$ceiling_pid" "the ceiling (bench_baseline)"
  url[ceiling]="http://127.0.0.1:$CEILING_PORT/"
  local targets=(ceiling) target level
  for shape in $SHAPES; do targets+=("$shape"); done
  for listing in $LISTINGS; do targets+=("$listing-p1" "$listing-deep"); done
  for target in "${targets[@]}"; do warm_url 4 "${url[$target]}"; done
  export CATALOG_IDS="$dir/ids.txt" CATALOG_KEY="$CLIENT_KEY"
  warm_url "$ID_CONNECTIONS" "${url[by-id]}" bench/catalog_ids.lua
  declare -A rps=() p50=() p99=() busy=()
  local round
  for round in $(seq 1 "$ROUNDS"); do
    for target in "${targets[@]}"; do
      for level in $LEVELS; do
        bench_wrk "$target" "$level" "${url[$target]}"
        alive "$pid" "lectern ($store)"
        rps[$target,$level]+=" $RPS"; p50[$target,$level]+=" $P50"; p99[$target,$level]+=" $P99"
        busy[$target,$level]+=" $BUSY_SERVER"
        RESULT[$store,$target,$level,bad]=$((${RESULT[$store,$target,$level,bad]:-0} + BAD))
        TOTAL_BAD=$((TOTAL_BAD + BAD))
        printf '  round %s: %-13s -c%-2s %8s req/s  p50 %-9s p99 %-9s requests %-6s cores busy: server %s%%, load %s%%%s\n' \
          "$round" "$target" "$level" "$(fmt1 "$RPS")" "$(ms "$P50")" "$(ms "$P99")" "$REQUESTS" "$BUSY_SERVER" "$BUSY_LOAD" \
          "$([ "$BAD" -gt 0 ] && echo "  !! $BAD bad")"
      done
    done
    bench_wrk by-id "$ID_CONNECTIONS" "${url[by-id]}" bench/catalog_ids.lua
    alive "$pid" "lectern ($store)"
    rps[by-id]+=" $RPS"; p50[by-id]+=" $P50"; p99[by-id]+=" $P99"; busy[by-id]+=" $BUSY_SERVER"
    RESULT[$store,by-id,bad]=$((${RESULT[$store,by-id,bad]:-0} + BAD))
    TOTAL_BAD=$((TOTAL_BAD + BAD))
    printf '  round %s: %-13s -c%-2s %8s req/s  p50 %-9s p99 %-9s requests %-6s cores busy: server %s%%, load %s%%%s\n' \
      "$round" "by-id" "$ID_CONNECTIONS" "$(fmt1 "$RPS")" "$(ms "$P50")" "$(ms "$P99")" "$REQUESTS" "$BUSY_SERVER" "$BUSY_LOAD" \
      "$([ "$BAD" -gt 0 ] && echo "  !! $BAD bad")"
  done
  # shellcheck disable=SC2086 # word splitting of the collected runs is wanted
  {
    for target in "${targets[@]}"; do
      for level in $LEVELS; do
        RESULT[$store,$target,$level,rps]="$(median ${rps[$target,$level]})"
        RESULT[$store,$target,$level,p50]="$(median ${p50[$target,$level]})"
        RESULT[$store,$target,$level,p99]="$(median ${p99[$target,$level]})"
        RESULT[$store,$target,$level,p99_runs]="${p99[$target,$level]# }"
        RESULT[$store,$target,$level,busy]="$(median ${busy[$target,$level]})"
      done
    done
    RESULT[$store,by-id,rps]="$(median ${rps[by-id]})"
    RESULT[$store,by-id,runs]="$(fmt_all ${rps[by-id]})"
    RESULT[$store,by-id,p50]="$(median ${p50[by-id]})"
    RESULT[$store,by-id,p99]="$(median ${p99[by-id]})"
    RESULT[$store,by-id,busy]="$(median ${busy[by-id]})"
  }
  stop_pid "$ceiling_pid"
  RESULT[$store,rss_end]="$(ps -o rss= -p "$pid" | awk '{printf "%.0f", $1 / 1024}')"
  echo "server RSS after the runs: ${RESULT[$store,rss_end]} MiB (${RESULT[$store,rss_start]} MiB when it started)"
  stop_pid "$pid"
  if [ "$store" = postgres ]; then unpin_postgres; fi
}

each_store bench_store
[ -n "${RESULT[api_tsv]:-}" ] || die "no store was measured"

# --- baselines ---------------------------------------------------------------------------------

# check_answers ENGINE FILE: the baseline's totalResults and facets must be the API's.
check_answers() {
  local engine="$1" file="$2" name n api_n api_authors api_categories authors categories
  while IFS=$'\t' read -r name n _ _ _ _ _ authors categories; do
    IFS=$'\t' read -r _ api_n _ api_authors api_categories < <(grep -P "^$name\t" "${RESULT[api_tsv]}")
    [ "$n" = "$api_n" ] || die "$engine: ${SHAPE_LABEL[$name]} matches $n titles, the API says $api_n"
    [ "$authors" = "$api_authors" ] || die "$engine: ${SHAPE_LABEL[$name]}: author facets differ from the API's: $authors / $api_authors"
    [ "$categories" = "$api_categories" ] || die "$engine: ${SHAPE_LABEL[$name]}: category facets differ from the API's"
  done <"$file"
  echo "$engine: totalResults, author facets and category facets of every search are the API's"
}

for engine in $BASELINES; do
  case "$engine" in
    sqlite)
      step "Baseline: SQLite FTS5"
      source_store="$WORK_DIR/sqlite/data/lectern.db"
      [[ " $STORES " == *" sqlite "* ]] || source_store="$PG_URL/$PG_DB"
      t0="$(now)"
      rm -f "$WORK_DIR/fts5.db"
      taskset -c "$SERVER_CPU" python3 bench/fts_baseline.py build-sqlite "$source_store" "$WORK_DIR/fts5.db"
      RESULT[fts5,build]="$(since "$t0")"
      RESULT[fts5,size]="$(mib "$(stat -c %s "$WORK_DIR/fts5.db")")"
      echo "fts5.db: ${RESULT[fts5,size]} MiB"
      # Embedded, like the server: it runs on the server's core.
      taskset -c "$SERVER_CPU" python3 bench/fts_baseline.py run sqlite "$WORK_DIR/fts5.db" "$SHAPES_FILE" \
        --min-runs "$BASELINE_MIN_RUNS" --max-runs "$BASELINE_MAX_RUNS" --seconds "$BASELINE_SECONDS" \
        | tee "$WORK_DIR/fts5.tsv" | cut -f1-6
      check_answers "SQLite FTS5" "$WORK_DIR/fts5.tsv"
      RESULT[fts5,tsv]="$WORK_DIR/fts5.tsv"
      ;;
    postgres)
      step "Baseline: PostgreSQL full text"
      from=()
      if [[ " $STORES " != *" postgres "* ]]; then
        # No PostgreSQL store at this size: copy the SQLite store's titles into a fresh database.
        fresh_postgres baseline
        if [ -n "$KEEP" ]; then PG_CREATED=""; fi
        from=(--from "$WORK_DIR/sqlite/data/lectern.db")
        RESULT[pg_from]="the SQLite store's titles, copied into a fresh database"
      else
        RESULT[pg_from]="the PostgreSQL store's own titles table"
      fi
      unpin_postgres
      t0="$(now)"
      python3 bench/fts_baseline.py build-pg "$PG_URL/$PG_DB" "${from[@]}"
      RESULT[pgfts,build]="$(since "$t0")"
      RESULT[pgfts,size]="$(mib "$(psql "$PG_URL/$PG_DB" -qAtX -c "SELECT pg_total_relation_size('fts_titles')")")"
      pin_postgres || echo "!! could not pin PostgreSQL to core $SERVER_CPU" >&2
      taskset -c "$LOAD_CPU" python3 bench/fts_baseline.py run pg "$PG_URL/$PG_DB" "$SHAPES_FILE" \
        --min-runs "$BASELINE_MIN_RUNS" --max-runs "$BASELINE_MAX_RUNS" --seconds "$BASELINE_SECONDS" \
        | tee "$WORK_DIR/pgfts.tsv" | cut -f1-6
      unpin_postgres
      check_answers "PostgreSQL full text" "$WORK_DIR/pgfts.tsv"
      RESULT[pgfts,tsv]="$WORK_DIR/pgfts.tsv"
      ;;
    *) die "unknown baseline '$engine' (sqlite or postgres)" ;;
  esac
done

# baseline_field ENGINE SHAPE COLUMN: a column of a baseline's line (3 runs, 4 p50, 5 p99).
baseline_field() {
  local file="${RESULT[$1,tsv]:-}"
  [ -n "$file" ] || return 0
  awk -F'\t' -v n="$2" -v c="$3" '$1 == n {print $c}' "$file"
}

# --- report ------------------------------------------------------------------------------------

step "Results"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) after the run"
echo
echo "Generation and indexing ($(thousands "$TITLES") titles, seed $SEED; both cores):"
echo
echo "| Store | generate: titles/s | writing, s | wall, whole command | CPU | peak RSS | database | reindex: titles/s | s | wall | CPU | peak RSS | index |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for store in $STORES; do
  printf '| %s | %s | %s | %s | %s | %s MiB | %s MiB | %s | %s | %s | %s | %s MiB | %s MiB |\n' "$(label "$store")" \
    "$(thousands "${RESULT[$store,gen_rate]}")" "${RESULT[$store,gen_secs]}" "${RESULT[$store,gen_wall]}" "${RESULT[$store,gen_cpu]}" \
    "${RESULT[$store,gen_rss]}" "${RESULT[$store,db_size]}" \
    "$(thousands "${RESULT[$store,reindex_rate]}")" "${RESULT[$store,reindex_secs]}" "${RESULT[$store,reindex_wall]}" \
    "${RESULT[$store,reindex_cpu]}" "${RESULT[$store,reindex_rss]}" "${RESULT[$store,index_size]}"
done
echo
echo "Searches (limit=10, facets; medians of $ROUNDS wrk runs of ${DURATION} s; baselines: p50/p99 of their runs, one at a time):"
echo
header="| Store | Search | totalResults |"
sep="| --- | --- | ---: |"
for level in $LEVELS; do header+=" Lectern -c$level p50 / p99 | req/s -c$level |"; sep+=" ---: | ---: |"; done
[ -n "${RESULT[pgfts,tsv]:-}" ] && { header+=" PostgreSQL FTS p50 / p99 (runs) | p99 ratio PG / Lectern -c1 |"; sep+=" ---: | ---: |"; }
[ -n "${RESULT[fts5,tsv]:-}" ] && { header+=" SQLite FTS5 p50 / p99 (runs) | p99 ratio FTS5 / Lectern -c1 |"; sep+=" ---: | ---: |"; }
echo "$header"
echo "$sep"
first_level="${LEVELS%% *}"
for store in $STORES; do
  for shape in $SHAPES; do
    row="| $(label "$store") | ${SHAPE_LABEL[$shape]} | $(thousands "${RESULT[$store,$shape,total]}") |"
    for level in $LEVELS; do
      row+=" $(ms "${RESULT[$store,$shape,$level,p50]}") / $(ms "${RESULT[$store,$shape,$level,p99]}") | $(fmt1 "${RESULT[$store,$shape,$level,rps]}") |"
    done
    for engine in pgfts fts5; do
      [ -n "${RESULT[$engine,tsv]:-}" ] || continue
      b50="$(baseline_field "$engine" "$shape" 4)"; b99="$(baseline_field "$engine" "$shape" 5)"
      row+=" $(ms "$b50") / $(ms "$b99") ($(baseline_field "$engine" "$shape" 3)) | $(awk -v a="$b99" -v b="${RESULT[$store,$shape,$first_level,p99]}" 'BEGIN {r = a / b; printf (r < 10 ? "%.1f×" : "%.0f×"), r}') |"
    done
    echo "$row"
  done
done
echo
for store in $STORES; do
  line="Ceiling on the same core, $(label "$store") run (bare axum, a fixed 504-byte JSON body, no store):"
  for level in $LEVELS; do
    line+=" -c$level p50 / p99 $(ms "${RESULT[$store,ceiling,$level,p50]}") / $(ms "${RESULT[$store,ceiling,$level,p99]}"), $(fmt "${RESULT[$store,ceiling,$level,rps]}") req/s;"
  done
  echo "$line"
done
echo
echo "Deep paging (limit=10; page $(thousands "$DEEP_PAGE") reached by walking the next tokens):"
echo
header="| Store | Listing | Results | Page |"
sep="| --- | --- | ---: | --- |"
for level in $LEVELS; do header+=" -c$level p50 / p99 | req/s -c$level |"; sep+=" ---: | ---: |"; done
header+=" p50 ratio to page 1 (-c$first_level) | req/s ratio page 1 / page (-c${LEVELS##* }) |"
sep+=" ---: | ---: |"
echo "$header"
echo "$sep"
last_level="${LEVELS##* }"
for store in $STORES; do
  for listing in $LISTINGS; do
    for page in p1 deep; do
      t="$listing-$page"
      row="| $(label "$store") | ${LISTING_LABEL[$listing]} | $(thousands "${RESULT[$store,total_$listing]}") | $([ "$page" = p1 ] && echo "page 1" || echo "page $(thousands "$DEEP_PAGE")") |"
      for level in $LEVELS; do
        row+=" $(ms "${RESULT[$store,$t,$level,p50]}") / $(ms "${RESULT[$store,$t,$level,p99]}") | $(fmt1 "${RESULT[$store,$t,$level,rps]}") |"
      done
      row+=" $(ratio "${RESULT[$store,$t,$first_level,p50]}" "${RESULT[$store,$listing-p1,$first_level,p50]}") |"
      row+=" $(ratio "${RESULT[$store,$listing-p1,$last_level,rps]}" "${RESULT[$store,$t,$last_level,rps]}") |"
      echo "$row"
    done
  done
done
echo
echo "GET /v2/titles/{serviceId} (ids drawn from $(thousands "$IDS_SAMPLE") visible titles spread over the catalog; wrk -c$ID_CONNECTIONS):"
echo
echo "| Store | req/s median | runs | p50 / p99 | server core busy | server RSS after the runs (at start) |"
echo "| --- | ---: | --- | ---: | ---: | ---: |"
for store in $STORES; do
  printf '| %s | %s | %s | %s / %s | %s%% | %s MiB (%s MiB) |\n' "$(label "$store")" "$(fmt "${RESULT[$store,by-id,rps]}")" \
    "${RESULT[$store,by-id,runs]}" "$(ms "${RESULT[$store,by-id,p50]}")" "$(ms "${RESULT[$store,by-id,p99]}")" \
    "${RESULT[$store,by-id,busy]}" "${RESULT[$store,rss_end]}" "${RESULT[$store,rss_start]}"
done
echo
echo "Raw p99 of each search run (ms), by store, search and connections:"
for store in $STORES; do
  for shape in ceiling $SHAPES $(for l in $LISTINGS; do echo "$l-p1 $l-deep"; done); do
    for level in $LEVELS; do
      printf '  %s %s -c%s: %s\n' "$store" "$shape" "$level" "${RESULT[$store,$shape,$level,p99_runs]}"
    done
  done
done
echo
for store in $STORES; do
  echo "$(label "$store"): $(thousands "${RESULT[$store,visible]}") titles visible to a guest of $(thousands "${RESULT[$store,reindex_n]}") indexed;" \
    "walks: $(for l in $LISTINGS; do printf '%s %s s; ' "$l" "${RESULT[$store,walk_$l]}"; done)server ready ${RESULT[$store,ready]} s after start"
done
[ -n "${RESULT[fts5,build]:-}" ] && echo "SQLite FTS5 baseline: built in ${RESULT[fts5,build]} s, ${RESULT[fts5,size]} MiB."
[ -n "${RESULT[pgfts,build]:-}" ] && echo "PostgreSQL full-text baseline: built in ${RESULT[pgfts,build]} s from ${RESULT[pg_from]}, table and GIN index ${RESULT[pgfts,size]} MiB."
echo
echo "Targets (p99 under 20 ms for every search; PostgreSQL full text at least 20 times slower at p99;"
echo "page $(thousands "$DEEP_PAGE") within 1.5 times page 1):"
verdict() { if awk -v x="$1" -v op="$2" -v y="$3" 'BEGIN {exit !(op == "<" ? x < y : op == ">=" ? x >= y : x <= y)}'; then echo met; else echo MISSED; fi; }
for store in $STORES; do
  for shape in $SHAPES; do
    line="  $(label "$store"), ${SHAPE_LABEL[$shape]}:"
    for level in $LEVELS; do
      line+=" p99 -c$level $(ms "${RESULT[$store,$shape,$level,p99]}") $(verdict "${RESULT[$store,$shape,$level,p99]}" "<" 20);"
    done
    if [ -n "${RESULT[pgfts,tsv]:-}" ]; then
      r="$(awk -v a="$(baseline_field pgfts "$shape" 5)" -v b="${RESULT[$store,$shape,$first_level,p99]}" 'BEGIN {printf "%.1f", a / b}')"
      line+=" PostgreSQL / Lectern p99 ${r}× $(verdict "$r" ">=" 20)"
    fi
    echo "$line"
  done
  for listing in $LISTINGS; do
    r50="$(ratio "${RESULT[$store,$listing-deep,$first_level,p50]}" "${RESULT[$store,$listing-p1,$first_level,p50]}")"
    r99="$(ratio "${RESULT[$store,$listing-deep,$first_level,p99]}" "${RESULT[$store,$listing-p1,$first_level,p99]}")"
    rr="$(ratio "${RESULT[$store,$listing-p1,$last_level,rps]}" "${RESULT[$store,$listing-deep,$last_level,rps]}")"
    echo "  $(label "$store"), ${LISTING_LABEL[$listing]}: page $(thousands "$DEEP_PAGE") / page 1: p50 ${r50}× $(verdict "$r50" "<=" 1.5)," \
      "p99 ${r99}× $(verdict "$r99" "<=" 1.5) (-c$first_level); throughput ${rr}× $(verdict "$rr" "<=" 1.5) (-c$last_level)"
  done
done
if [ "$TOTAL_BAD" -gt 0 ]; then
  echo
  echo "!! $TOTAL_BAD errors, non-2xx responses or timeouts during the run: these figures are not valid." >&2
  exit 1
fi
