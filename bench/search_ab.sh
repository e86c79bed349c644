#!/usr/bin/env bash
# A/B of two lectern binaries' searches (docs/benchmarks.md, "A row per document").
#
# The machine's speed drifts within an hour by more than most changes are worth, so the two
# binaries serve at the same time, each from its own copy of one catalog (SQLite, embedded), both
# on core 0, and wrk on core 1 loads one, then the other, in short alternating runs. Each shape's
# figure is the median over the pairs of wrk's p50 and p99, one connection.
#
# Usage: bench/search_ab.sh OLD_BINARY NEW_BINARY DATA_DIR
#   DATA_DIR: a data directory holding a generated catalog, e.g. made with
#     lectern generate --titles 1000000 --seed 1 --data-dir DIR && lectern reindex --data-dir DIR
#   It is copied once, for the second server; both servers need the client key `bench-catalog`,
#   which the script creates if it is missing.
# Knobs: PAIRS=6 DURATION=3 KEYWORDS="time yell time+people the" FILTERED="keyword=time&language=eng&format=DAISY_AUDIO"
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -eq 3 ] || { sed -n '2,15p' "$0"; exit 2; }
OLD="$1" NEW="$2" DATA="$3"
PAIRS="${PAIRS:-6}"
DURATION="${DURATION:-3}"
KEYWORDS="${KEYWORDS:-time yell time+people the}"
FILTERED="${FILTERED:-keyword=time&language=eng&format=DAISY_AUDIO}"
# lib.sh reads these; no PostgreSQL here.
# shellcheck disable=SC2034
THREADS=1 CONNECTIONS=1 WARMUP=2 SERVER_CPU=0 LOAD_CPU=1 PG_URL="" PG_DB=""
PORTS=(18083 18084)
KEY=bench-catalog

# shellcheck source=bench/lib.sh
source bench/lib.sh

need_tools wrk taskset curl
for port in "${PORTS[@]}"; do port_free "$port" "stop what listens there"; done
for bin in "$OLD" "$NEW"; do [ -x "$bin" ] || die "$bin is not an executable"; done
[ -f "$DATA/lectern.db" ] || die "$DATA holds no lectern.db"

WORK="$(mktemp -d -t lectern-search-ab.XXXXXX)"
"$OLD" admin client create --name "Search A/B" --site demo --api-key "$KEY" --data-dir "$DATA" >/dev/null 2>&1 || true
step "Copying $DATA for the second server"
cp -r "$DATA" "$WORK/data"
DIRS=("$DATA" "$WORK/data")

BINS=("$OLD" "$NEW")
for i in 0 1; do
  taskset -c "$SERVER_CPU" "${BINS[$i]}" serve --data-dir "${DIRS[$i]}" --listen "127.0.0.1:${PORTS[$i]}" \
    --rate-limit-per-client 100000000 --rate-limit-per-user 100000000 >/dev/null 2>&1 &
  PIDS+=("$!")
done
# Ready once the index's warmer has run: the total of the whole catalog is the same on both.
for i in 0 1; do
  wait_http "http://127.0.0.1:${PORTS[$i]}/v2/titles?api_key=$KEY&limit=1" "${PIDS[$i]}" "${BINS[$i]}"
done
total() { curl -s "http://127.0.0.1:$1/v2/titles?api_key=$KEY&limit=1" | sed -nE 's/.*"totalResults":([0-9]+).*/\1/p'; }
ready=""
for _ in $(seq 1 300); do
  a="$(total "${PORTS[0]}")" b="$(total "${PORTS[1]}")"
  if [ -n "$a" ] && [ "$a" != 0 ] && [ "$a" = "$b" ]; then ready=1; break; fi
  sleep 0.3
done
[ -n "$ready" ] || die "the two servers do not list the same catalog to the key $KEY (totals '$a' and '$b')"

shapes=()
for k in $KEYWORDS; do shapes+=("keyword=$k"); done
shapes+=("$FILTERED")

step "$PAIRS pairs of ${DURATION} s per shape; medians of p50 / p99 in ms"
printf '| search | %s | %s |\n|---|---:|---:|\n' "$(basename "$OLD")" "$(basename "$NEW")"
for shape in "${shapes[@]}"; do
  declare -a p50_0=() p99_0=() p50_1=() p99_1=()
  for i in 0 1; do
    taskset -c "$LOAD_CPU" wrk -t1 -c1 -d"${WARMUP}s" "http://127.0.0.1:${PORTS[$i]}/v2/titles?api_key=$KEY&$shape" >/dev/null
  done
  for _ in $(seq 1 "$PAIRS"); do
    for i in 0 1; do
      out="$(taskset -c "$LOAD_CPU" wrk -t1 -c1 -d"${DURATION}s" --latency "http://127.0.0.1:${PORTS[$i]}/v2/titles?api_key=$KEY&$shape")"
      alive "${PIDS[$i]}" "${BINS[$i]}"
      # Latencies of refusals would time something else.
      if grep -qE 'Non-2xx|Socket errors' <<<"$out"; then die "failed requests to ${BINS[$i]}: $out"; fi
      p50="$(to_ms "$(awk '$1 == "50%" {print $2}' <<<"$out")")"
      p99="$(to_ms "$(awk '$1 == "99%" {print $2}' <<<"$out")")"
      if [ "$i" = 0 ]; then p50_0+=("$p50") p99_0+=("$p99"); else p50_1+=("$p50") p99_1+=("$p99"); fi
    done
  done
  printf '| %s | %s / %s | %s / %s |\n' "$shape" \
    "$(median "${p50_0[@]}")" "$(median "${p99_0[@]}")" "$(median "${p50_1[@]}")" "$(median "${p99_1[@]}")"
  unset p50_0 p99_0 p50_1 p99_1
done
