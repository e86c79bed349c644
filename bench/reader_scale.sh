#!/usr/bin/env bash
# The reader's library at scale (docs/benchmarks.md, "The reader's library at 1,000,000 titles and
# 10 million events"), on the embedded SQLite store:
#   1. `lectern generate --titles TITLES`, then bench/reading_scale_fixture.py --generated: READERS
#      readers and EVENTS reading events over the generated titles, drawn by popularity (Zipf);
#   2. SAMPLE of those readers, spread over them, get a password (`lectern admin account
#      reset-password`); a trusted client key;
#   3. `lectern serve` on core 0; from core 1, one request at a time (bench/reader_scale.py):
#      each sampled reader signs in, then asks GET /v2/myRecommendations?limit=10 PASSES times:
#      p50, p99 and max, the first pass (the popular titles' cache filling) reported apart;
#   4. the first sampled reader puts LIST_TITLES titles on a new list, then GET /v2/myLists and
#      every page of the list's titles (limit=100) in each sort order are timed REPEATS times.
# With BEFORE set to another build of `lectern`, step 3 runs ROUNDS times, this build and that
# build in turn on the same store, so that the two compare in one run; ONLY=recommend skips
# step 4.
# Usage: bench/reader_scale.sh
# Knobs: TITLES=1000000 READERS=100000 EVENTS=10000000 SAMPLE=100 PASSES=3 ZIPF=1.0
#   LIST_TITLES=1000 REPEATS=50 BEFORE= ROUNDS=2 ONLY=
#   LECTERN_PORT=18088 KEEP=DIR (keep the store in DIR, and reuse it when it is there)
set -euo pipefail
cd "$(dirname "$0")/.."

TITLES="${TITLES:-1000000}"
READERS="${READERS:-100000}"
EVENTS="${EVENTS:-10000000}"
SAMPLE="${SAMPLE:-100}"
PASSES="${PASSES:-3}"
ZIPF="${ZIPF:-1.0}"
LIST_TITLES="${LIST_TITLES:-1000}"
REPEATS="${REPEATS:-50}"
LECTERN_PORT="${LECTERN_PORT:-18088}"
KEEP="${KEEP:-}"
BEFORE="${BEFORE:-}"
ROUNDS="${ROUNDS:-2}"
ONLY="${ONLY:-}"
SERVER_CPU=0
LOAD_CPU=1
SITE=demo # where `lectern generate` puts titles when given no --site
KEY=bench-reader-scale
PASSWORD=bench-reader-pass-1
LECTERN=./target/release/lectern

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
need_tools taskset curl python3 sqlite3
port_free "$LECTERN_PORT" "set LECTERN_PORT"
step "Release build"
cargo build --release -q -p lectern
if [ -n "$KEEP" ]; then
  mkdir -p "$KEEP"
  dir="$(cd "$KEEP" && pwd)"
else
  WORK="$(mktemp -d -t lectern-bench-reader-scale.XXXXXX)"
  dir="$WORK"
fi
cp "$LECTERN" "$dir/lectern.bin"
LECTERN="$dir/lectern.bin"
machine_info
echo "commit:   $(git rev-parse --short HEAD)"

if [ ! -f "$dir/data/lectern.db" ]; then
  step "Generating $TITLES titles, $READERS readers and $EVENTS events"
  RUST_LOG=warn "$LECTERN" generate --titles "$TITLES" --data-dir "$dir/data" | grep '^generated '
  python3 bench/reading_scale_fixture.py "$dir/data/lectern.db" --generated --titles "$TITLES" \
    --readers "$READERS" --events "$EVENTS" --zipf "$ZIPF" --site "$SITE"
  RUST_LOG=warn "$LECTERN" reindex --data-dir "$dir/data" | grep '^reindexed '
  "$LECTERN" admin client create --name "Reader scale benchmark" --site "$SITE" --api-key "$KEY" \
    --trusted --data-dir "$dir/data" >/dev/null
fi
if [ ! -f "$dir/sample.txt" ]; then
  step "Passwords for $SAMPLE readers"
  : >"$dir/sample.part"
  for i in $(seq 0 $((SAMPLE - 1))); do
    name="$(printf 'scale%06d@bench.example' $((i * READERS / SAMPLE)))"
    "$LECTERN" admin account reset-password "$name" --password "$PASSWORD" --data-dir "$dir/data" >/dev/null
    echo "$name" >>"$dir/sample.part"
  done
  mv "$dir/sample.part" "$dir/sample.txt"
fi

scale() { taskset -c "$LOAD_CPU" python3 bench/reader_scale.py "$@"; }
this="$LECTERN"
if [ -n "$BEFORE" ]; then
  cp "$BEFORE" "$dir/before.bin"
  for round in $(seq 1 "$ROUNDS"); do
    for build in this before; do
      if [ "$build" = this ]; then LECTERN="$this"; else LECTERN="$dir/before.bin"; fi
      step "Recommendations, round $round, $build build: $SAMPLE readers, $PASSES passes"
      serve_bench serve sqlite "$dir"
      scale recommend "$BASE" "$KEY" "$PASSWORD" "$dir/sample.txt" "$PASSES"
      stop_pid "$SERVER_PID"
    done
  done
  LECTERN="$this"
fi
[ "$ONLY" = recommend ] && exit 0
step "Serving"
serve_bench serve sqlite "$dir"
if [ -z "$BEFORE" ]; then
  step "Recommendations: $SAMPLE readers, $PASSES passes"
  scale recommend "$BASE" "$KEY" "$PASSWORD" "$dir/sample.txt" "$PASSES"
fi
step "A list of $LIST_TITLES titles"
sqlite3 -readonly "$dir/data/lectern.db" \
  "SELECT service_id FROM titles WHERE status = 'live' AND adult_content = 0 ORDER BY service_id LIMIT $((LIST_TITLES * 2))" \
  >"$dir/list_ids.txt"
scale lists "$BASE" "$KEY" "$PASSWORD" "$(head -1 "$dir/sample.txt")" "$dir/list_ids.txt" "$LIST_TITLES" "$REPEATS"
