#!/usr/bin/env bash
# The staff's pages against the API at scale (docs/benchmarks.md, "The staff's pages").
#
# For each store (embedded SQLite, then PostgreSQL at 127.0.0.1:5432): the demo data set,
# TITLES titles made by `lectern generate` (seed 1) and an organization of MEMBERS accounts
# (bench/members_fixture.py). `lectern serve` runs pinned to core 0, wrk on core 1, ROUNDS rounds
# interleaved, each pair the same answer as a staff page (a signed-in session's cookie) and as
# the API gives it (a bearer token of the same person, through the membership console's key):
#   - accounts: `GET /demo/staff/accounts?keyword=W` against `GET /v2/accounts?keyword=W`
#     (W a last name thousands of the members share; the first page of each);
#   - members: `GET /demo/staff/organizations/bench-org/members` against
#     `GET /v2/organizations/bench-org/members` (the page also reads the organization and its
#     sponsors);
#   - catalog: `GET /demo/staff/titles` against `GET /v2/catalog`, as the collection assistant.
# Each page's p99 is reported with its ratio to the API's p99 of the same round (issue 45:
# within 1.5x).
#
# Usage: bench/staff.sh   (as root, or with sudo: apt-get, pinning PostgreSQL)
# Knobs (environment): TITLES=1000000 MEMBERS=100000 ROUNDS=3 DURATION=10 CONNECTIONS=16
#   STORES="sqlite postgres" LECTERN_PORT=18089 PG_URL=postgres://postgres@127.0.0.1:5432
#   PAIRS="accounts members catalog" (the pairs to measure)
set -euo pipefail
cd "$(dirname "$0")/.."

TITLES="${TITLES:-1000000}"
MEMBERS="${MEMBERS:-100000}"
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-16}"
STORES="${STORES:-sqlite postgres}"
PAIRS="${PAIRS:-accounts members catalog}"
LECTERN_PORT="${LECTERN_PORT:-18089}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_staff
THREADS=1
WARMUP=3
SERVER_CPU=0
LOAD_CPU=1
SITE=demo
KEY=demo-membership-console
ASSISTANT=membership@demo.lectern
CURATOR=collections@demo.lectern
PASSWORD=demo-pass-1
WORD=Smith # the most common last name of bench/members_fixture.py
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
[ -x "$LECTERN" ] || die "$LECTERN was not built"

WORK="$(mktemp -d -t lectern-bench-staff.XXXXXX)"
machine_info
echo "commit:   $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates Cargo.toml Cargo.lock || echo ' (with uncommitted changes in crates/)')"
echo "settings: $TITLES titles, $MEMBERS members; wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s, $ROUNDS rounds;" \
  "server on core $SERVER_CPU, load on core $LOAD_CPU"
python3 bench/members_fixture.py --members "$MEMBERS" "$WORK/members.json"

declare -A RESULT
TOTAL_BAD=0
ROWS=()

# session_cookie BASE USER: signs USER in through the site's form; prints the Cookie header.
session_cookie() {
  local jar="$WORK/jar-$RANDOM" csrf
  csrf="$(curl -s -c "$jar" "$1/$SITE/sign-in" | sed -nE 's/.*name="csrf" value="([^"]+)".*/\1/p' | head -1)"
  [ -n "$csrf" ] || die "no sign-in form at $1/$SITE/sign-in"
  curl -s -o /dev/null -b "$jar" -c "$jar" --data-urlencode "csrf=$csrf" \
    --data-urlencode "username=$2" --data-urlencode "password=$PASSWORD" "$1/$SITE/sign-in"
  # curl writes HttpOnly cookies (the session's) with a `#HttpOnly_` prefix, not as comments.
  echo "Cookie: $(awk '(!/^#/ || /^#HttpOnly_/) && NF >= 7 {printf "%s%s=%s", (n++ ? "; " : ""), $6, $7}' "$jar")"
}

bench_store() {
  local store="$1" dir="$WORK/$1" db_args=()
  mkdir -p "$dir"
  step "$store: the demo, $TITLES titles, $MEMBERS members"
  if [ "$store" = postgres ]; then
    fresh_postgres "$store"
    unpin_postgres
    db_args=(--database-url "$PG_URL/$PG_DB")
  fi
  "$LECTERN" load "$DEMO" --data-dir "$dir/data" "${db_args[@]}" >/dev/null
  "$LECTERN" load "$WORK/members.json" --data-dir "$dir/data" "${db_args[@]}" >/dev/null
  RUST_LOG=warn "$LECTERN" generate --titles "$TITLES" --seed 1 --data-dir "$dir/data" "${db_args[@]}" \
    | grep '^generated ' || die "lectern generate failed ($store)"
  RUST_LOG=warn "$LECTERN" reindex --data-dir "$dir/data" "${db_args[@]}" | grep '^reindexed ' \
    || die "lectern reindex failed ($store)"
  if [ "$store" = postgres ]; then
    psql "$PG_URL/$PG_DB" -v ON_ERROR_STOP=1 -qAtX -c 'VACUUM (ANALYZE)' >/dev/null
    pin_postgres || echo "!! could not pin PostgreSQL" >&2
  fi
  serve_bench serve "$store" "$dir" "${db_args[@]}"

  local assistant curator assistant_page curator_page
  assistant="Authorization: Bearer $(password_token "$BASE" "$KEY" "$ASSISTANT" "$PASSWORD")"
  curator="Authorization: Bearer $(password_token "$BASE" "$KEY" "$CURATOR" "$PASSWORD")"
  assistant_page="$(session_cookie "$BASE" "$ASSISTANT")"
  curator_page="$(session_cookie "$BASE" "$CURATOR")"
  local all=(
    "accounts|$BASE/v2/accounts?api_key=$KEY&keyword=$WORD|$assistant|$BASE/$SITE/staff/accounts?keyword=$WORD|$assistant_page"
    "members|$BASE/v2/organizations/bench-org/members?api_key=$KEY|$assistant|$BASE/$SITE/staff/organizations/bench-org/members|$assistant_page"
    "catalog|$BASE/v2/catalog?api_key=$KEY|$curator|$BASE/$SITE/staff/titles|$curator_page"
  )
  local pairs=() pair
  for pair in "${all[@]}"; do
    case " $PAIRS " in *" ${pair%%|*} "*) pairs+=("$pair") ;; esac
  done
  [ "${#pairs[@]}" -gt 0 ] || die "PAIRS names none of: accounts members catalog"
  local name api api_auth web web_auth
  for pair in "${pairs[@]}"; do
    IFS='|' read -r name api api_auth web web_auth <<<"$pair"
    [ "$(curl -s -o /dev/null -w '%{http_code}' -H "$api_auth" "$api")" = 200 ] || die "$api did not answer 200"
    [ "$(curl -s -o /dev/null -w '%{http_code}' -H "$web_auth" "$web")" = 200 ] || die "$web did not answer 200"
    echo "$name: $(curl -s -H "$api_auth" "$api" | sed -nE 's/.*"totalResults":([0-9]+).*/\1/p') in all"
    warm -H "$api_auth" "$api"
    warm -H "$web_auth" "$web"
  done
  local round
  for round in $(seq 1 "$ROUNDS"); do
    step "$store: round $round"
    for pair in "${pairs[@]}"; do
      IFS='|' read -r name api api_auth web web_auth <<<"$pair"
      measure "$name, API" "$api" "$api_auth"
      local api_p99="$P99_MS" api_rps="$RPS"
      measure "$name, page" "$web" "$web_auth"
      ROWS+=("| $store | $round | $name | $api_p99 | $P99_MS ($(ratio "$P99_MS" "$api_p99")) | $(fmt "$api_rps") | $(fmt "$RPS") |")
      alive "$SERVER_PID" "lectern ($store)"
    done
  done
  stop_pid "$SERVER_PID"
  if [ "$store" = postgres ]; then unpin_postgres; fi
}

each_store bench_store

step "Results"
echo "| Store | Round | Answer | API p99 (ms) | Page p99 (ms, ratio) | API req/s | Page req/s |"
echo "| --- | ---: | --- | ---: | ---: | ---: | ---: |"
printf '%s\n' "${ROWS[@]}"
if [ "$TOTAL_BAD" -gt 0 ]; then
  echo "!! $TOTAL_BAD errors or non-2xx responses during the run: these figures are not valid." >&2
  exit 1
fi
