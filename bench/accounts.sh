#!/usr/bin/env bash
# Account benchmarks (docs/benchmarks.md, "Accounts (issue 18)").
#
#   0. The ceiling: argon2id hashes per second on the server's core (`lectern admin hash-rate`),
#      the hash every new account with a password costs.
# For each store (embedded SQLite, then PostgreSQL at 127.0.0.1:5432), on the demo data set plus
# an organization of MEMBERS accounts (bench/members_fixture.py):
#   1. POST /v2/accounts by the demo's membership assistant: accounts created per second, each
#      with a password (wrk, CONNECTIONS connections, a Lua script that makes every address new).
#   2. GET /v2/accounts/{userIdentifier} of random accounts among the MEMBERS: requests per
#      second and p99.
#
# The server (and PostgreSQL's backends) run on core 0, wrk on core 1; all traffic stays on
# 127.0.0.1. Usage: bench/accounts.sh (as root, for apt-get and pinning PostgreSQL).
# Knobs: ROUNDS=3 DURATION=10 CONNECTIONS=4 MEMBERS=500000 LECTERN_PORT=18083 STORES="sqlite postgres"
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-4}"
MEMBERS="${MEMBERS:-500000}"
THREADS=1
WARMUP=2
LECTERN_PORT="${LECTERN_PORT:-18083}"
STORES="${STORES:-sqlite postgres}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_accounts
SERVER_CPU=0
LOAD_CPU=1
CONSOLE_KEY=demo-membership-console
ASSISTANT=membership@demo.lectern
PASSWORD=demo-pass-1
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
WORK="$(mktemp -d -t lectern-bench-accounts.XXXXXX)"
machine_info
echo "settings: wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s; $ROUNDS rounds; $MEMBERS accounts;" \
  "server on core $SERVER_CPU, load on core $LOAD_CPU"

step "argon2id on core $SERVER_CPU"
HASHES="$(taskset -c "$SERVER_CPU" "$LECTERN" admin hash-rate --seconds 10 | awk '{print $1}')"
echo "  $HASHES hashes per second"

step "Fixture"
python3 bench/members_fixture.py --members "$MEMBERS" "$WORK/members.json"
echo "bench/members_fixture.py --members $MEMBERS: $(wc -c <"$WORK/members.json") bytes"

# Every request a new address: the round and the connection's counter keep them apart.
cat >"$WORK/create.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
local n = 0
local prefix = os.getenv("ROUND") .. "-" .. tostring(math.random(1, 1000000000))
request = function()
  n = n + 1
  local body = "firstName=Bench&lastName=Reader&country=US&dateOfBirth=1990-01-01&password=bench-pass-1"
    .. "&emailAddress=r" .. prefix .. "-" .. n .. "@bench.example"
  return wrk.format(nil, nil, nil, body)
end
LUA
cat >"$WORK/get.lua" <<LUA
math.randomseed(42)
request = function()
  return wrk.format("GET", string.format("/v2/accounts/m-%06d?api_key=$CONSOLE_KEY", math.random(1, $MEMBERS)))
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
  local started
  started="$(date +%s)"
  taskset -c "$SERVER_CPU" "$LECTERN" load "$DEMO" --data-dir "$dir/data" "${db_args[@]}" >/dev/null
  taskset -c "$SERVER_CPU" "$LECTERN" load "$WORK/members.json" --data-dir "$dir/data" "${db_args[@]}" >/dev/null
  echo "  loaded $MEMBERS accounts in $(( $(date +%s) - started )) s"
  if [ "$store" = postgres ]; then
    # What autovacuum would do soon after the load, done now so every round sees the same plan.
    psql "$PG_URL/$PG_DB" -v ON_ERROR_STOP=1 -qAtX -c 'VACUUM (ANALYZE) users' >/dev/null
  fi
  serve_bench serve "$store" "$dir" "${db_args[@]}"
  local pid="$SERVER_PID" base="$BASE" token
  token="$(password_token "$base" "$CONSOLE_KEY" "$ASSISTANT" "$PASSWORD")"
  local auth="Authorization: Bearer $token"
  [ "$(curl -s -o /dev/null -w '%{http_code}' -H "$auth" "$base/v2/accounts/m-000001?api_key=$CONSOLE_KEY")" = 200 ] \
    || die "the assistant cannot read m-000001"

  local created=() reads=() read_p99=() bad=0 round out
  for round in $(seq 1 "$ROUNDS"); do
    settle
    out="$WORK/create-$store-$round.txt"
    cpu_mark
    ROUND="$store$round" taskset -c "$LOAD_CPU" wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency \
      -s "$WORK/create.lua" -H "$auth" "$base/v2/accounts?api_key=$CONSOLE_KEY" >"$out"
    cpu_busy
    read_wrk create "$out"
    alive "$pid" "lectern ($store)"
    created+=("$RPS"); bad=$((bad + BAD))
    printf '  round %s: created   %8s /s   p50 %-8s p99 %-8s server core %s%% busy\n' \
      "$round" "$(fmt1 "$RPS")" "$P50" "$P99" "$BUSY_SERVER"
    settle
    out="$WORK/get-$store-$round.txt"
    cpu_mark
    taskset -c "$LOAD_CPU" wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency \
      -s "$WORK/get.lua" -H "$auth" "$base" >"$out"
    cpu_busy
    read_wrk get "$out"
    reads+=("$RPS"); read_p99+=("$P99"); bad=$((bad + BAD))
    printf '  round %s: GET account %6s /s   p50 %-8s p99 %-8s server core %s%% busy\n' \
      "$round" "$(fmt "$RPS")" "$P50" "$P99" "$BUSY_SERVER"
  done
  RESULT[$store,created]="$(median "${created[@]}")"
  RESULT[$store,created_runs]="$(fmt1_all "${created[@]}")"
  RESULT[$store,reads]="$(median "${reads[@]}")"
  RESULT[$store,reads_runs]="$(fmt_all "${reads[@]}")"
  RESULT[$store,read_p99]="${read_p99[*]}"
  stop_pid "$pid"
  [ "$store" = postgres ] && unpin_postgres
  [ "$bad" -eq 0 ] || die "$bad requests failed on $store"
}

fmt1() { awk -v x="$1" 'BEGIN {printf "%.1f", x}'; }
fmt1_all() { local x parts=(); for x in "$@"; do parts+=("$(fmt1 "$x")"); done; echo "${parts[*]}"; }

each_store bench_store

step "Summary"
echo "argon2id on core $SERVER_CPU: $HASHES hashes/s"
for store in $STORES; do
  printf '%-9s accounts created: median %s /s (runs %s), %s of the raw hash rate\n' \
    "$store" "$(fmt1 "${RESULT[$store,created]}")" "${RESULT[$store,created_runs]}" \
    "$(ratio "${RESULT[$store,created]}" "$HASHES")"
  printf '%-9s GET /v2/accounts/{id} at %s accounts: median %s /s (runs %s), p99 %s\n' \
    "$store" "$MEMBERS" "$(fmt "${RESULT[$store,reads]}")" "${RESULT[$store,reads_runs]}" \
    "${RESULT[$store,read_p99]}"
done
