#!/usr/bin/env bash
# Records the wire corpus (tests/wire/record.py) once per role, each against a fresh
# `lectern demo` (the API's writes change the demo data), into OUT_DIR/ROLE.
#   tests/wire/each_role.sh PATH_TO_LECTERN OUT_DIR
# Compare two corpora with tests/wire/compare.py BEFORE_DIR AFTER_DIR.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
lectern="${1:?usage: each_role.sh PATH_TO_LECTERN OUT_DIR}"
out="${2:?usage: each_role.sh PATH_TO_LECTERN OUT_DIR}"
port="${PORT:-18290}"
status=0
for role in ${ROLES:-guest reader student teacher collections membership admin}; do
  data="$(mktemp -d -t lectern-wire.XXXXXX)"
  # The worker is off: what it makes, and when, is not the wire's to compare.
  "$lectern" demo --data-dir "$data" --listen "127.0.0.1:$port" --worker false \
    --rate-limit-per-client 100000000 --rate-limit-per-user 100000000 >/dev/null 2>"$data.log" &
  pid=$!
  # Ready when it answers /ready; a demo that exits first (a port taken) is a failure at once.
  for _ in $(seq 1 3000); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/ready" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || { echo "lectern demo exited before it was ready" >&2; cat "$data.log" >&2; exit 1; }
    sleep 0.1
  done
  rm -rf "${out:?}/$role"
  mkdir -p "$out/$role"
  python3 "$here/record.py" "http://127.0.0.1:$port" "$role" "$out/$role" || { status=1; cat "$data.log" >&2; }
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$data" "$data.log"
done
exit "$status"
