#!/usr/bin/env bash
# The sponsor's title availabilities (docs/benchmarks.md, "Organizations (issue 19)").
#
# For each store (embedded SQLite, then PostgreSQL at 127.0.0.1:5432), on the demo data set plus
# an organization of MEMBERS members and its sponsor (bench/members_fixture.py --sponsor):
#   GET /v2/myOrganization/titleAvailabilities/demo-alice: first pages in each member order and
#   direction, LIMIT members a page: requests per second and p99 (the target: under 50 ms).
#
# The server (and PostgreSQL's backends) run on core 0, wrk on core 1; all traffic stays on
# 127.0.0.1. Usage: bench/organizations.sh (as root, for apt-get and pinning PostgreSQL).
# Knobs: ROUNDS=3 DURATION=10 CONNECTIONS=4 MEMBERS=10000 LIMIT=10 LECTERN_PORT=18084 STORES="sqlite postgres"
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-4}"
MEMBERS="${MEMBERS:-10000}"
LIMIT="${LIMIT:-10}"
THREADS=1
WARMUP=2
LECTERN_PORT="${LECTERN_PORT:-18084}"
STORES="${STORES:-sqlite postgres}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_organizations
SERVER_CPU=0
LOAD_CPU=1
KEY=demo-reader-app
SPONSOR=bench-sponsor@demo.lectern
PASSWORD=bench-pass-1
DEMO=crates/lectern/demo/demo.json
LECTERN=./target/release/lectern

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
bench_tools
need_tools python3
port_free "$LECTERN_PORT" "set LECTERN_PORT"
step "Release build"
cargo build --release -q -p lectern
WORK="$(mktemp -d -t lectern-bench-organizations.XXXXXX)"
machine_info
echo "settings: wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s; $ROUNDS rounds; $MEMBERS members, $LIMIT a page;" \
  "server on core $SERVER_CPU, load on core $LOAD_CPU"

step "Fixture"
python3 bench/members_fixture.py --members "$MEMBERS" --sponsor "$SPONSOR:$PASSWORD" "$WORK/members.json"

cat >"$WORK/availability.lua" <<LUA
math.randomseed(7)
local orders = {"lastName", "firstName", "district", "school", "grade", "birthDate"}
local directions = {"asc", "desc"}
request = function()
  local path = string.format(
    "/v2/myOrganization/titleAvailabilities/demo-alice?api_key=$KEY&limit=$LIMIT&sortOrder=%s&direction=%s",
    orders[math.random(#orders)], directions[math.random(#directions)])
  return wrk.format("GET", path)
end
LUA

declare -A RESULT

bench_store() {
  local store="$1" dir="$WORK/$1" db_args=()
  mkdir -p "$dir"
  step "$store"
  if [ "$store" = postgres ]; then
    fresh_postgres "$store"
    db_args=(--database-url "$PG_URL/$PG_DB")
  fi
  taskset -c "$SERVER_CPU" "$LECTERN" load "$DEMO" --data-dir "$dir/data" "${db_args[@]}" >/dev/null
  taskset -c "$SERVER_CPU" "$LECTERN" load "$WORK/members.json" --data-dir "$dir/data" "${db_args[@]}" >/dev/null
  if [ "$store" = postgres ]; then
    psql "$PG_URL/$PG_DB" -v ON_ERROR_STOP=1 -qAtX -c 'VACUUM (ANALYZE)' >/dev/null
  fi
  serve_bench serve "$store" "$dir" "${db_args[@]}"
  local pid="$SERVER_PID" base="$BASE" token
  token="$(password_token "$base" "$KEY" "$SPONSOR" "$PASSWORD")"
  local auth="Authorization: Bearer $token"
  local total
  total="$(curl -s -H "$auth" "$base/v2/myOrganization/titleAvailabilities/demo-alice?api_key=$KEY" \
    | sed -nE 's/.*"totalResults":([0-9]+).*/\1/p')"
  [ "$total" = "$MEMBERS" ] || die "the sponsor sees $total members, not $MEMBERS"

  local reads=() p99s=() bad=0 round out
  for round in $(seq 1 "$ROUNDS"); do
    settle
    out="$WORK/availability-$store-$round.txt"
    cpu_mark
    taskset -c "$LOAD_CPU" wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency \
      -s "$WORK/availability.lua" -H "$auth" "$base" >"$out"
    cpu_busy
    read_wrk availability "$out"
    alive "$pid" "lectern ($store)"
    reads+=("$RPS"); p99s+=("$P99"); bad=$((bad + BAD))
    printf '  round %s: %6s pages/s   p50 %-8s p99 %-8s server core %s%% busy\n' \
      "$round" "$(fmt "$RPS")" "$P50" "$P99" "$BUSY_SERVER"
  done
  RESULT[$store,reads]="$(median "${reads[@]}")"
  RESULT[$store,runs]="$(fmt_all "${reads[@]}")"
  RESULT[$store,p99]="${p99s[*]}"
  stop_pid "$pid"
  [ "$store" = postgres ] && unpin_postgres
  [ "$bad" -eq 0 ] || die "$bad requests failed on $store"
}

each_store bench_store

step "Summary"
for store in $STORES; do
  printf '%-9s titleAvailabilities, %s members, %s a page: median %s pages/s (runs %s), p99 %s\n' \
    "$store" "$MEMBERS" "$LIMIT" "$(fmt "${RESULT[$store,reads]}")" "${RESULT[$store,runs]}" \
    "${RESULT[$store,p99]}"
done
