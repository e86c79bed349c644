# shellcheck shell=bash
# shellcheck disable=SC2034 # RPS, P50, BUSY_SERVER and the like are read by the sourcing script
# Helpers shared by the benchmark scripts in bench/ (foundation.sh, paging.sh). Sourced, not run.
#
# The sourcing script sets, before it sources this file:
#   THREADS CONNECTIONS DURATION WARMUP   wrk settings
#   SERVER_CPU LOAD_CPU                   the core for the server side and the one for the load
#   PG_URL PG_DB                          PostgreSQL server URL (no database) and the scratch database
# and may set WRK_TIMEOUT (wrk's --timeout, for slow endpoints; wrk's default is 2 s).
#
# Sourcing installs the cleanup trap: on exit it stops every pid in PIDS, restores the
# postmaster's affinity, drops PG_DB if PG_CREATED is set, and deletes WORK.

BENCH_NAME="$(basename "$0")"

step() { printf '\n==> %s\n' "$*"; }
die() { printf '%s: %s\n' "$BENCH_NAME" "$*" >&2; exit 1; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
psql_admin() { PGOPTIONS='-c client_min_messages=warning' psql "$PG_URL/postgres" -v ON_ERROR_STOP=1 -qAtX "$@"; }

# --- cleanup -----------------------------------------------------------------------------------

WORK=""
PIDS=()
PG_CREATED=""
POSTMASTER_PID=""
POSTMASTER_MASK=""

stop_pid() {
  local pid="$1"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  wait "$pid" 2>/dev/null || true
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  for pid in "${PIDS[@]}"; do stop_pid "$pid"; done
  if [ -n "$POSTMASTER_PID" ] && [ -n "$POSTMASTER_MASK" ]; then
    as_root taskset -p "$POSTMASTER_MASK" "$POSTMASTER_PID" >/dev/null 2>&1 || true
  fi
  if [ -n "$PG_CREATED" ]; then
    psql_admin -c "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null 2>&1 \
      || echo "$BENCH_NAME: could not drop the database $PG_DB" >&2
  fi
  if [ -n "$WORK" ]; then rm -rf "$WORK"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- tools and machine -------------------------------------------------------------------------

apt_install() { # PACKAGE...: installs Debian packages quietly
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

need_tools() { local tool; for tool in "$@"; do command -v "$tool" >/dev/null || die "$tool is missing"; done; }

# bench_tools: two cores, wrk (installed if missing), taskset, curl, awk and sed; prints wrk's version.
bench_tools() {
  [ "$(nproc --all)" -ge 2 ] || die "needs at least two cores (one for the server, one for the load)"
  if ! command -v wrk >/dev/null; then apt_install wrk; fi
  need_tools wrk taskset curl awk sed
  wrk --version 2>&1 | head -1 || true
}

port_free() { # PORT HINT: dies if something answers HTTP on 127.0.0.1:PORT
  if curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$1/"; then
    die "something already listens on 127.0.0.1:$1 ($2)"
  fi
}

machine_info() {
  echo "machine:  $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1)," \
    "$(free -g | awk '/^Mem:/ {print $2}') GiB, Linux $(uname -r)"
  echo "rustc:    $(rustc --version)"
  echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) before the run"
}

# --- figures -----------------------------------------------------------------------------------

# wrk's latencies ("950.00us", "1.23ms", "3.10s", "1.02m") in milliseconds; -1 for a unit it
# does not know.
to_ms() {
  awk -v x="$1" 'BEGIN {
    v = x + 0; u = x; sub(/^[0-9.]+/, "", u)
    if (u == "us") v /= 1000; else if (u == "s") v *= 1000; else if (u == "m") v *= 60000; else if (u != "ms") v = -1
    print v
  }'
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a / b}'; }
fmt() { awk -v x="$1" 'BEGIN {printf "%.0f", x}'; }
fmt_all() { local x parts=(); for x in "$@"; do parts+=("$(fmt "$x")"); done; echo "${parts[*]}"; }

# How busy each core was between two calls: cpu_mark, then cpu_busy sets BUSY_SERVER and
# BUSY_LOAD (percent). /proc/stat counts in clock ticks per core.
cpu_snap() { awk -v c="cpu$1" '$1 == c {idle = $5 + $6; total = 0; for (i = 2; i <= NF; i++) total += $i; print total, idle}' /proc/stat; }
cpu_mark() { MARK_SERVER="$(cpu_snap "$SERVER_CPU")"; MARK_LOAD="$(cpu_snap "$LOAD_CPU")"; }
busy_since() { awk -v a="$1" -v b="$2" 'BEGIN {split(a, x, " "); split(b, y, " "); t = y[1] - x[1]; i = y[2] - x[2]; printf "%.0f", (t > 0 ? 100 * (t - i) / t : 0)}'; }
cpu_busy() {
  BUSY_SERVER="$(busy_since "$MARK_SERVER" "$(cpu_snap "$SERVER_CPU")")"
  BUSY_LOAD="$(busy_since "$MARK_LOAD" "$(cpu_snap "$LOAD_CPU")")"
}

# --- servers and load --------------------------------------------------------------------------

wait_http() { # URL PID WHAT: waits until URL answers, while PID lives
  for _ in $(seq 1 600); do
    kill -0 "$2" 2>/dev/null || die "$3 exited before it answered"
    curl -s -o /dev/null --max-time 1 "$1" && return 0
    sleep 0.1
  done
  die "$3 did not answer at $1 within 60 s"
}

# serve_bench COMMAND STORE DIR [STORE ARGS...]: starts `lectern COMMAND` (serve or demo) on the
# server's core with DIR/data, rate limits out of the way, and waits until it answers; sets
# SERVER_PID and BASE.
serve_bench() {
  local command="$1" store="$2" dir="$3"
  shift 3
  taskset -c "$SERVER_CPU" "$LECTERN" "$command" --data-dir "$dir/data" "$@" \
    --listen "127.0.0.1:$LECTERN_PORT" \
    --rate-limit-per-client 100000000 --rate-limit-per-user 100000000 \
    >"$dir/lectern.out" 2>/dev/null &
  SERVER_PID=$!
  PIDS+=("$SERVER_PID")
  BASE="http://127.0.0.1:$LECTERN_PORT"
  wait_http "$BASE/v2/openapi.json" "$SERVER_PID" "lectern ($store)"
}

# password_token BASE KEY USER PASSWORD: prints an access token from the password grant, or fails.
password_token() {
  local token
  token="$(curl -s -u "$2:" -d grant_type=password -d "username=$3" -d "password=$4" \
    "$1/oauth/token" | sed -nE 's/.*"access_token":"([^"]+)".*/\1/p')"
  [ -n "$token" ] || die "no access token for $3"
  echo "$token"
}

generated_catalog() { # DIR STORE KEY NAME [DB ARGS...]: TITLES titles (seed 1), indexed, and a client key
  local dir="$1" store="$2" key="$3" name="$4"
  shift 4
  RUST_LOG=warn "$LECTERN" generate --titles "$TITLES" --seed 1 --data-dir "$dir/data" "$@" \
    | grep '^generated ' || die "lectern generate failed ($store)"
  RUST_LOG=warn "$LECTERN" reindex --data-dir "$dir/data" "$@" | grep '^reindexed ' \
    || die "lectern reindex failed ($store)"
  "$LECTERN" admin client create --name "$name" --site "$SITE" --api-key "$key" \
    --data-dir "$dir/data" "$@" >"$dir/client.out" 2>&1 \
    || { cat "$dir/client.out" >&2; die "could not create the client key"; }
}

each_store() { # FUNCTION: runs FUNCTION STORE for each of $STORES, which must be sqlite or postgres
  local store
  for store in $STORES; do
    case "$store" in
      sqlite | postgres) "$1" "$store" ;;
      *) die "unknown store '$store' (sqlite or postgres)" ;;
    esac
  done
}

alive() { kill -0 "$1" 2>/dev/null || die "$2 (pid $1) is gone: it crashed or was killed under load"; }

wrk_timeout_args() { if [ -n "${WRK_TIMEOUT:-}" ]; then printf '%s\n' --timeout "$WRK_TIMEOUT"; fi; }

# read_wrk NAME FILE: reads a wrk --latency report; sets RPS, REQUESTS (completed), P50 and P99
# (as wrk prints them) and BAD (non-2xx + socket errors, timeouts included), and shows the report
# when BAD is not 0.
read_wrk() {
  local name="$1" out="$2"
  RPS="$(awk '/^Requests\/sec:/ {print $2}' "$out")"
  [ -n "$RPS" ] || { cat "$out" >&2; die "wrk printed no Requests/sec for $name"; }
  local non2xx socket
  non2xx="$(awk '/Non-2xx or 3xx responses:/ {print $NF}' "$out")"
  socket="$(awk '/Socket errors:/ {gsub(",", ""); print $4 + $6 + $8 + $10}' "$out")"
  BAD=$(( ${non2xx:-0} + ${socket:-0} ))
  REQUESTS="$(awk '/ requests in / {print $1}' "$out")"
  P50="$(awk '$1 == "50%" {print $2}' "$out")"
  P99="$(awk '$1 == "99%" {print $2}' "$out")"
  if [ "$BAD" -gt 0 ]; then
    echo "    !! $name: $BAD bad responses (non-2xx ${non2xx:-0}, socket errors ${socket:-0}):" >&2
    sed 's/^/       /' "$out" >&2
  fi
}

# run_wrk NAME URL [HEADER]: one wrk run on the load core; sets what read_wrk sets.
run_wrk() {
  local name="$1" url="$2" out="$WORK/wrk-$1-$RANDOM.txt"
  local args=(-t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency)
  mapfile -t -O "${#args[@]}" args < <(wrk_timeout_args)
  if [ $# -ge 3 ]; then args+=(-H "$3"); fi
  cpu_mark
  taskset -c "$LOAD_CPU" wrk "${args[@]}" "$url" >"$out"
  cpu_busy
  read_wrk "$name" "$out"
}

# settle: waits until the server's core is idle (under 15% over half a second), for at most 30 s,
# so that requests a previous wrk run left queued do not count against the next one.
settle() {
  local mark
  for _ in $(seq 1 60); do
    mark="$(cpu_snap "$SERVER_CPU")"
    sleep 0.5
    [ "$(busy_since "$mark" "$(cpu_snap "$SERVER_CPU")")" -lt 15 ] && return 0
  done
  echo "    !! core $SERVER_CPU still busy after 30 s; measuring anyway" >&2
}

warm() {
  local args=()
  mapfile -t args < <(wrk_timeout_args)
  taskset -c "$LOAD_CPU" wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" "${args[@]}" "$@" >/dev/null
}

pin_postgres() {
  local datadir
  datadir="$(psql_admin -c 'SHOW data_directory')" || return 1
  POSTMASTER_PID="$(as_root head -1 "$datadir/postmaster.pid" 2>/dev/null)" || return 1
  [ -n "$POSTMASTER_PID" ] && kill -0 "$POSTMASTER_PID" 2>/dev/null || return 1
  POSTMASTER_MASK="$(taskset -p "$POSTMASTER_PID" | awk '{print $NF}')"
  # Backends fork from the postmaster and inherit its affinity: the store's work runs on the
  # server's core, not on the load generator's.
  as_root taskset -p -c "$SERVER_CPU" "$POSTMASTER_PID" >/dev/null
}

unpin_postgres() {
  if [ -n "$POSTMASTER_MASK" ]; then
    as_root taskset -p "$POSTMASTER_MASK" "$POSTMASTER_PID" >/dev/null
    POSTMASTER_MASK=""
  fi
}

# A new, empty $PG_DB database, with PostgreSQL's backends pinned to the server's core; notes in
# RESULT[STORE,pg_pinned] whether pinning worked. The caller's cleanup drops the database.
# RESULT is the associative array each calling script declares.
# shellcheck disable=SC2004,SC2154
fresh_postgres() {
  local store="$1"
  command -v psql >/dev/null || die "psql is missing (apt-get install postgresql-client)"
  psql_admin -c 'SELECT 1' >/dev/null || die "PostgreSQL does not answer at $PG_URL"
  psql_admin -c "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null
  psql_admin -c "CREATE DATABASE $PG_DB" >/dev/null
  PG_CREATED=1
  if pin_postgres; then
    echo "PostgreSQL backends pinned to core $SERVER_CPU (postmaster $POSTMASTER_PID, mask was $POSTMASTER_MASK)"
    RESULT[$store,pg_pinned]=yes
  else
    echo "!! could not pin PostgreSQL to core $SERVER_CPU; its backends run on any core" >&2
    RESULT[$store,pg_pinned]=no
  fi
}

# measure NAME URL [HEADER]: one settled wrk run; prints it, sets P99_MS and adds its errors to
# TOTAL_BAD (which the script sets to 0 first).
measure() {
  settle
  if [ $# -ge 3 ]; then run_wrk "$1" "$2" "$3"; else run_wrk "$1" "$2"; fi
  TOTAL_BAD=$((TOTAL_BAD + BAD))
  P99_MS="$(to_ms "$P99")"
  printf '    %-24s %8s req/s  p50 %-8s p99 %-8s\n' "$1" "$(fmt "$RPS")" "$P50" "$P99"
}
