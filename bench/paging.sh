#!/usr/bin/env bash
# Keyset paging benchmarks (docs/benchmarks.md, "Keyset paging (issue 2)").
#
# Does page 1,000 of a large list cost what page 1 costs? For each store (embedded SQLite, then
# PostgreSQL at 127.0.0.1:5432), with an organization of MEMBERS members (bench/members_fixture.py):
#   1. loads the demo data set and the members into a fresh store, timing each load;
#   2. walks the first 10,000 members with limit=100 and checks that the walk returns exactly the
#      store's own order; builds the start token of the page after member 90,000 from the store's
#      order and checks the page the server returns for it;
#   3. measures GET /v2/organizations/bench-org/members?limit=10 with wrk for page 1 (no start),
#      page 1,001 (after 10,000 members) and page 9,001 (after 90,000), interleaved round by round;
#   4. times the two statements behind each request (the COUNT for totalResults and the page
#      query) directly in the store, with their plans.
#
# The server side (lectern and, for PostgreSQL, the postmaster's backends) is pinned to core 0,
# wrk to core 1. All traffic stays on 127.0.0.1.
#
# Usage: bench/paging.sh   (as root, or with sudo for apt-get and for pinning PostgreSQL)
# Takes about 4.5 minutes once the release build is done. Exits 1 if any request failed (non-2xx,
# socket error or timeout), a page was not the one expected, or the server died.
# Knobs (environment): ROUNDS=3 DURATION=10 CONNECTIONS=16 MEMBERS=100000 LECTERN_PORT=18082
#                      STORES="sqlite postgres" PG_URL=postgres://postgres@127.0.0.1:5432
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-16}"
THREADS=1
WARMUP=2
# Every request here counts all the organization's members: at 16 connections a request waits
# seconds, past wrk's default 2 s timeout. A request that times out still counts as an error.
WRK_TIMEOUT=60s
MEMBERS="${MEMBERS:-100000}"
LECTERN_PORT="${LECTERN_PORT:-18082}"
STORES="${STORES:-sqlite postgres}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_paging
SERVER_CPU=0
LOAD_CPU=1
CLIENT_KEY=demo-membership-console
USER_NAME=membership@demo.lectern
PASSWORD=demo-pass-1
ORG=bench-org
LIMIT=10
DEEP_AFTER=10000 # walked, 100 requests of 100
END_AFTER=$((MEMBERS - 10000))

LECTERN=./target/release/lectern
DEMO=crates/lectern/demo/demo.json

# shellcheck source=bench/lib.sh
source bench/lib.sh

[ "$MEMBERS" -ge 20000 ] || die "MEMBERS must be at least 20000 (the deep page is after 10,000, the last after MEMBERS - 10,000)"

# The members list's filter (sponsorList=allMembers) and order, as the server's store builds them in
# crates/lectern-store/src/members.rs: keep the two alike.
FILTER="organization_id = '$ORG' AND member_kind IN ('individual', 'organization', 'both')"
ORDER="last_name ASC, first_name ASC, user_account_id ASC"

# --- tools -------------------------------------------------------------------------------------

step "Tools"
bench_tools
need_tools python3
if [[ " $STORES " == *" sqlite "* ]] && ! command -v sqlite3 >/dev/null; then apt_install sqlite3; fi
port_free "$LECTERN_PORT" "set LECTERN_PORT"

step "Release build"
cargo build --release -q -p lectern
[ -x "$LECTERN" ] || die "$LECTERN was not built"

WORK="$(mktemp -d -t lectern-bench-paging.XXXXXX)"

machine_info
echo "settings: wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s --timeout $WRK_TIMEOUT, $ROUNDS rounds, $MEMBERS members," \
  "limit=$LIMIT; server on core $SERVER_CPU, load on core $LOAD_CPU"

step "Fixture"
python3 bench/members_fixture.py --members "$MEMBERS" "$WORK/members.json"
echo "bench/members_fixture.py --members $MEMBERS: $(wc -c <"$WORK/members.json") bytes"

# --- helpers -----------------------------------------------------------------------------------

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.2f", b - a}'; }
fmt1() { awk -v x="$1" 'BEGIN {printf "%.1f", x}'; }
fmt1_all() { local x parts=(); for x in "$@"; do parts+=("$(fmt1 "$x")"); done; echo "${parts[*]}"; }
ms() { awk -v x="$1" 'BEGIN {if (x >= 1000) printf "%.2f s", x / 1000; else printf "%.0f ms", x}'; }
thousands() { printf '%s\n' "$1" | sed -E ':a; s/^([0-9]+)([0-9]{3})/\1,\2/; ta'; }

# store_sql STORE DIR SQL: runs a read-only query in the store, tab-separated rows on stdout.
store_sql() {
  if [ "$1" = sqlite ]; then
    sqlite3 -readonly -batch -noheader -separator $'\t' "$2/data/lectern.db" "$3"
  else
    psql "$PG_URL/$PG_DB" -v ON_ERROR_STOP=1 -qAtX -F $'\t' -c "$3"
  fi
}

# check_pages BASE_URL TOKEN ORDER_FILE: the walk and the checks described at the top. Prints
# shell assignments: WALK_SECONDS, DEEP_START, END_START, BODY_BYTES.
check_pages() {
  python3 - "$@" "$MEMBERS" "$DEEP_AFTER" "$END_AFTER" "$LIMIT" <<'PY'
import base64, json, sys, time, urllib.error, urllib.request

base, token, order_file = sys.argv[1:4]
members, deep_after, end_after, limit = map(int, sys.argv[4:8])

def fail(why):
    print(f"paging.sh: {why}", file=sys.stderr)
    sys.exit(1)

with open(order_file, encoding="utf-8") as f:
    order = [line.rstrip("\n").split("\t") for line in f]  # user_account_id, last_name, first_name
if len(order) != members:
    fail(f"the store lists {len(order)} members of the organization, not {members}")

def get(n, start):
    url = f"{base}&limit={n}" + (f"&start={start}" if start else "")
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            raw = r.read()
    except urllib.error.HTTPError as e:
        fail(f"GET {url} answered {e.code}: {e.read()[:500]!r}")
    body = json.loads(raw)
    if body.get("totalResults") != members:
        fail(f"GET {url}: totalResults {body.get('totalResults')}, expected {members}")
    return body, len(raw)

def key_of(i):  # the sort key of the i-th member (0-based), as the server's token holds it
    account_id, last, first = order[i]
    return ["lastName", "asc", [last, first, account_id]]

def encode(key):
    raw = json.dumps(key, ensure_ascii=False, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

def decode(tok):
    return json.loads(base64.urlsafe_b64decode(tok + "=" * (-len(tok) % 4)))

# Walk the first deep_after members, 100 at a time, as a client would.
ids, start, t0 = [], None, time.monotonic()
for _ in range(deep_after // 100):
    body, _ = get(100, start)
    ids += [u["userAccountId"] for u in body["userAccounts"]]
    start = body["next"]
    if not start:
        fail(f"the walk ended after {len(ids)} members: next is null")
walk_seconds = time.monotonic() - t0
if ids != [o[0] for o in order[:deep_after]]:
    fail("the walk did not return the store's order (members missing, repeated or out of order)")
if decode(start) != key_of(deep_after - 1):
    fail(f"the walk's start token {decode(start)} is not the key of member {deep_after} {key_of(deep_after - 1)}")

# The page after end_after members: its token is built from the store's order (walking there
# would take 900 requests), in the format the walk's token was just checked against.
end_start = encode(key_of(end_after - 1))

sizes = []
for name, start_token, offset in (("page 1", None, 0), ("deep", start, deep_after), ("end", end_start, end_after)):
    body, size = get(limit, start_token)
    got = [u["userAccountId"] for u in body["userAccounts"]]
    want = [o[0] for o in order[offset:offset + limit]]
    if got != want:
        fail(f"{name}: the server listed {got}, the store's order has {want}")
    sizes.append(str(size))

print(f"WALK_SECONDS={walk_seconds:.2f}")
print(f"DEEP_START={start}")
print(f"END_START={end_start}")
print(f"BODY_BYTES='{'/'.join(sizes)}'")
PY
}

# store_side STORE DIR ORDER_FILE: times the COUNT and the page query in the store itself, the
# way the server sends them (parameters $1 to $5; PostgreSQL: prepared, past the 5 custom plans),
# 5 timed runs each. Prints one line per statement: NAME<TAB>MEDIAN_MS<TAB>PLAN.
store_side() {
  taskset -c "$SERVER_CPU" python3 - "$@" "$FILTER" "$ORDER" "$DEEP_AFTER" "$END_AFTER" "$PG_URL/$PG_DB" <<'PY'
import re, sqlite3, statistics, subprocess, sys, time

store, folder, order_file, filt, order, deep_after, end_after, pg = sys.argv[1:9]
deep_after, end_after = int(deep_after), int(end_after)
with open(order_file, encoding="utf-8") as f:
    order_rows = [line.rstrip("\n").split("\t") for line in f]
columns = ("user_account_id, user_name, site_id, roles, first_name, last_name, date_of_birth, grade, "
           "country, organization_id, has_agreement, subscription_status, proof_of_disability_status, locked")
# As the server: $1 the organization, $2 the grade filter (NULL), $3..$5 the key.
where = filt.replace("organization_id = 'bench-org'", "organization_id = $1 AND ($2 IS NULL OR grade = $2)")
count_sql = f"SELECT COUNT(*) FROM users WHERE {where}"
first_sql = f"SELECT {columns} FROM users WHERE {where} ORDER BY {order} LIMIT 11"
keyset_sql = (f"SELECT {columns} FROM users WHERE {where} AND (last_name, first_name, user_account_id) > ($3, $4, $5) "
              f"ORDER BY {order} LIMIT 11")
def key(after):
    account_id, last, first = order_rows[after - 1]
    return [last, first, account_id]
cases = [("COUNT(*) (every page)", count_sql, []), ("page query, page 1", first_sql, []),
         (f"page query, after {deep_after:,}", keyset_sql, key(deep_after)),
         (f"page query, after {end_after:,}", keyset_sql, key(end_after))]

if store == "sqlite":
    db = sqlite3.connect(f"file:{folder}/data/lectern.db?mode=ro", uri=True)
    for name, sql, k in cases:
        params = {"1": "bench-org", "2": None, **{str(i + 3): v for i, v in enumerate(k)}}
        plan = "; ".join(r[3] for r in db.execute("EXPLAIN QUERY PLAN " + sql, params))
        db.execute(sql, params).fetchall()
        times = []
        for _ in range(5):
            t = time.perf_counter()
            db.execute(sql, params).fetchall()
            times.append((time.perf_counter() - t) * 1000)
        print(f"{name}\t{statistics.median(times):.2f}\t{plan}")
else:
    def lit(v):
        return "NULL" if v is None else "'" + v.replace("'", "''") + "'"
    script = ["\\set ON_ERROR_STOP 1"]
    for i, (name, sql, k) in enumerate(cases):
        types = ", ".join(["text"] * (2 + len(k)))
        args = ", ".join(lit(v) for v in ["bench-org", None] + k)
        script.append(f"PREPARE s{i} ({types}) AS {sql};")
        script += [f"EXECUTE s{i} ({args}) \\g /dev/null"] * 6
        script += [f"\\echo ==s{i}", f"EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) EXECUTE s{i} ({args});"] * 5
    out = subprocess.run(["psql", pg, "-qAtX", "-f", "-"], input="\n".join(script) + "\n", text=True,
                         capture_output=True, check=True).stdout
    blocks = {}
    for part in out.split("==s")[1:]:
        i, _, text = part.partition("\n")
        blocks.setdefault(int(i), []).append(text)
    for i, (name, _, _) in enumerate(cases):
        times = [float(re.search(r"Execution Time: ([0-9.]+) ms", b).group(1)) for b in blocks[i]]
        nodes, scanned = [], None
        for line in blocks[i][-1].splitlines():
            m = re.match(r"\s*(?:->\s*)?(.+?) \(actual rows=(\d+) loops=(\d+)\)", line)
            if not m:
                continue
            nodes.append(m.group(1))
            if scanned is None and m.group(1).endswith(" on users"):
                scanned = int(m.group(2)) * int(m.group(3))
        plan = " > ".join(nodes) + (f" ({scanned} rows out of the scan of users)" if scanned is not None else "")
        print(f"{name}\t{statistics.median(times):.2f}\t{plan}")
PY
}

declare -A RESULT
PAGES="page1 deep end"
declare -A PAGE_LABEL=([page1]="page 1" [deep]="page $(thousands $((DEEP_AFTER / LIMIT + 1)))" [end]="page $(thousands $((END_AFTER / LIMIT + 1)))")
declare -A PAGE_AFTER=([page1]=0 [deep]="$DEEP_AFTER" [end]="$END_AFTER")
TOTAL_BAD=0

# --- one store ---------------------------------------------------------------------------------

bench_store() {
  local store="$1" dir="$WORK/$1" db_args=()
  mkdir -p "$dir"
  step "$store"
  if [ "$store" = postgres ]; then
    fresh_postgres "$store"
    db_args=(--database-url "$PG_URL/$PG_DB")
  fi

  # Loads run on the server's core too: one core's worth of loading.
  local t0 out
  t0="$(now)"
  out="$(taskset -c "$SERVER_CPU" "$LECTERN" load "$DEMO" --data-dir "$dir/data" "${db_args[@]}" 2>&1)" \
    || die "loading $DEMO failed: $out"
  RESULT[$store,load_demo]="$(since "$t0")"
  echo "$out (${RESULT[$store,load_demo]} s)"
  t0="$(now)"
  out="$(taskset -c "$SERVER_CPU" "$LECTERN" load "$WORK/members.json" --data-dir "$dir/data" "${db_args[@]}" 2>&1)" \
    || die "loading the members failed: $out"
  RESULT[$store,load_members]="$(since "$t0")"
  echo "$out (${RESULT[$store,load_members]} s)"
  if [ "$store" = postgres ]; then
    # What autovacuum does within a minute or so of the load; done now so that every run sees the
    # same statistics (without them the planner guesses the organization has a few hundred rows).
    t0="$(now)"
    psql "$PG_URL/$PG_DB" -v ON_ERROR_STOP=1 -qAtX -c 'VACUUM (ANALYZE) users' >/dev/null
    echo "VACUUM (ANALYZE) users ($(since "$t0") s)"
  fi

  store_sql "$store" "$dir" "SELECT user_account_id, last_name, first_name FROM users WHERE $FILTER ORDER BY $ORDER" \
    >"$dir/order.tsv"

  taskset -c "$SERVER_CPU" "$LECTERN" serve --data-dir "$dir/data" "${db_args[@]}" \
    --listen "127.0.0.1:$LECTERN_PORT" \
    --rate-limit-per-client 100000000 --rate-limit-per-user 100000000 --sign-in-failures-per-minute 100000000 \
    >"$dir/lectern.out" 2>/dev/null &
  local lectern_pid=$!
  PIDS+=("$lectern_pid")
  wait_http "http://127.0.0.1:$LECTERN_PORT/v2/openapi.json" "$lectern_pid" "lectern ($store)"

  local token_json token base_url="http://127.0.0.1:$LECTERN_PORT"
  token_json="$(curl -s -u "$CLIENT_KEY:" -d grant_type=password -d "username=$USER_NAME" \
    -d "password=$PASSWORD" "$base_url/oauth/token")"
  token="$(printf '%s' "$token_json" | sed -nE 's/.*"access_token":"([^"]+)".*/\1/p')"
  [ -n "$token" ] || die "the password grant gave no access token: $token_json"
  local url="$base_url/v2/organizations/$ORG/members?api_key=$CLIENT_KEY"
  local auth="Authorization: Bearer $token"

  local checks WALK_SECONDS DEEP_START END_START BODY_BYTES
  checks="$(check_pages "$url" "$token" "$dir/order.tsv")" || die "the pages are not the store's order ($store)"
  eval "$checks"
  alive "$lectern_pid" "lectern ($store)"
  RESULT[$store,walk]="$WALK_SECONDS"
  RESULT[$store,size]="$BODY_BYTES"
  echo "walked $(thousands "$DEEP_AFTER") members with limit=100 in $WALK_SECONDS s" \
    "($(awk -v s="$WALK_SECONDS" -v n=$((DEEP_AFTER / 100)) 'BEGIN {printf "%.0f", 1000 * s / n}') ms a request, one at a time);" \
    "the walk, page 1, the deep page and the end page match the store's order; bodies $BODY_BYTES bytes"

  declare -A page_url=([page1]="$url&limit=$LIMIT" [deep]="$url&limit=$LIMIT&start=$DEEP_START" \
    [end]="$url&limit=$LIMIT&start=$END_START")
  local page
  for page in $PAGES; do warm -H "$auth" "${page_url[$page]}"; done

  declare -A rps=() p50=() p99=() busy=() reqs=()
  local round bad=0
  for round in $(seq 1 "$ROUNDS"); do
    for page in $PAGES; do
      settle
      run_wrk "$page" "${page_url[$page]}" "$auth"
      alive "$lectern_pid" "lectern ($store)"
      rps[$page]+=" $RPS"; p50[$page]+=" $(to_ms "$P50")"; p99[$page]+=" $(to_ms "$P99")"
      busy[$page]+=" $BUSY_SERVER"; reqs[$page]+=" $REQUESTS"; bad=$((bad + BAD))
      RESULT[$store,$page,bad]=$(( ${RESULT[$store,$page,bad]:-0} + BAD ))
      printf '  round %s: %-11s %6s req/s  p50 %-8s p99 %-8s requests %-4s cores busy: server %s%%, load %s%%%s\n' \
        "$round" "${PAGE_LABEL[$page]}" "$(fmt1 "$RPS")" "$P50" "$P99" "$REQUESTS" "$BUSY_SERVER" "$BUSY_LOAD" \
        "$([ "$BAD" -gt 0 ] && echo "  !! $BAD bad")"
    done
  done
  for page in $PAGES; do
    # shellcheck disable=SC2086 # word splitting of the collected runs is wanted
    {
      RESULT[$store,$page,rps]="$(median ${rps[$page]})"
      RESULT[$store,$page,runs]="$(fmt1_all ${rps[$page]})"
      RESULT[$store,$page,p50]="$(median ${p50[$page]})"
      RESULT[$store,$page,p99]="$(median ${p99[$page]})"
      RESULT[$store,$page,busy]="$(median ${busy[$page]})"
      RESULT[$store,$page,reqs]="$(printf '%s\n' ${reqs[$page]} | awk '{n += $1} END {print n}')"
    }
  done
  TOTAL_BAD=$((TOTAL_BAD + bad))

  stop_pid "$lectern_pid"
  store_side "$store" "$dir" "$dir/order.tsv" >"$dir/store-side.tsv" || die "timing the statements in the store failed ($store)"
  RESULT[$store,store_side]="$dir/store-side.tsv"

  if [ "$store" = postgres ]; then
    unpin_postgres
    psql_admin -c "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null
    PG_CREATED=""
  fi
}

each_store bench_store

# --- report ------------------------------------------------------------------------------------

label() { if [ "$1" = postgres ]; then echo "PostgreSQL 127.0.0.1"; else echo "SQLite (embedded)"; fi; }

step "Results"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) after the run"
echo
echo "| Store | Page (members before it) | req/s median | Runs | p50 | p99 | Ratio to page 1 | Server core busy | Requests | Errors |"
echo "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for store in $STORES; do
  for page in $PAGES; do
    printf '| %s | %s (%s) | %s | %s | %s | %s | %s | %s%% | %s | %s |\n' \
      "$(label "$store")" "${PAGE_LABEL[$page]}" "$(thousands "${PAGE_AFTER[$page]}")" \
      "$(fmt1 "${RESULT[$store,$page,rps]}")" "${RESULT[$store,$page,runs]}" \
      "$(ms "${RESULT[$store,$page,p50]}")" "$(ms "${RESULT[$store,$page,p99]}")" \
      "$(ratio "${RESULT[$store,$page,rps]}" "${RESULT[$store,page1,rps]}")" \
      "${RESULT[$store,$page,busy]}" "${RESULT[$store,$page,reqs]}" "${RESULT[$store,$page,bad]}"
  done
done
echo
echo "wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s --timeout $WRK_TIMEOUT; GET /v2/organizations/$ORG/members?limit=${LIMIT}[&start=…];" \
  "medians of $ROUNDS runs (p50 and p99: medians of the runs' own); ratio = req/s of the page / req/s of page 1;" \
  "requests = completed in all runs; server on core $SERVER_CPU, load on core $LOAD_CPU" \
  "$([[ " $STORES " == *" postgres "* ]] && echo "(PostgreSQL backends pinned with the server: ${RESULT[postgres,pg_pinned]})")."
echo
echo "| Store | Load | Seconds | Rows/s |"
echo "| --- | --- | ---: | ---: |"
for store in $STORES; do
  printf '| %s | demo data set (8 users, with argon2id passwords) | %s | |\n' "$(label "$store")" "${RESULT[$store,load_demo]}"
  printf '| %s | %s members (1 organization) | %s | %s |\n' "$(label "$store")" "$(thousands "$MEMBERS")" \
    "${RESULT[$store,load_members]}" "$(fmt "$(awk -v n="$MEMBERS" -v s="${RESULT[$store,load_members]}" 'BEGIN {print n / s}')")"
done
echo
echo "Walk of the first $(thousands "$DEEP_AFTER") members, 100 requests with limit=100, one at a time:" \
  "$(for s in $STORES; do printf '%s %s s; ' "$s" "${RESULT[$s,walk]}"; done)bodies of page 1 / deep / end (bytes):" \
  "$(for s in $STORES; do printf '%s %s; ' "$s" "${RESULT[$s,size]}"; done)"
echo
echo "The statements behind each request, timed in the store itself (median of 5, one at a time, server stopped):"
echo
echo "| Store | Statement | Median | Plan |"
echo "| --- | --- | ---: | --- |"
for store in $STORES; do
  while IFS=$'\t' read -r name median plan; do
    printf '| %s | %s | %s ms | %s |\n' "$(label "$store")" "$name" "$median" "$plan"
  done <"${RESULT[$store,store_side]}"
done
if [ "$TOTAL_BAD" -gt 0 ]; then
  echo
  echo "!! $TOTAL_BAD errors, non-2xx responses or timeouts during the run: these figures are not valid." >&2
  exit 1
fi
