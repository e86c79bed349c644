#!/usr/bin/env bash
# tests/schema/run.sh once per role, each against a fresh `lectern demo` (a run changes the demo
# data). What the suite's test does; here for regenerating the baseline by hand:
#   ST_EXTRA=--baseline-update tests/schema/each_role.sh target/release/lectern
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
lectern="${1:?usage: each_role.sh PATH_TO_LECTERN}"
port="${PORT:-18190}"
status=0
for role in ${ROLES:-guest reader teacher collections membership admin}; do
  data="$(mktemp -d -t lectern-schema.XXXXXX)"
  "$lectern" demo --data-dir "$data" --listen "127.0.0.1:$port" \
    --rate-limit-per-client 100000000 --rate-limit-per-user 100000000 >/dev/null 2>"$data.log" &
  pid=$!
  for _ in $(seq 1 600); do curl -fsS -o /dev/null "http://127.0.0.1:$port/ready" 2>/dev/null && break; sleep 0.1; done
  "$here/run.sh" "http://127.0.0.1:$port" "$role" || status=1
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$data" "$data.log"
done
exit "$status"
