#!/usr/bin/env bash
# Schemathesis, all phases and every check, against a running `lectern demo`, as a guest or with a
# token of one of its users. Exits non-zero on any failure not in the baseline. A run changes the
# demo data (it creates, edits and deletes), so each role gets a fresh server (the suite's test
# runs tests/schema/each_role.sh, which starts one per role).
#
# Usage: tests/schema/run.sh BASE_URL [ROLE...]   (roles: guest or a demo user's name before @)
# Knobs: ST_EXAMPLES (per operation and phase, default 10), ST_SEED (default 1), ST_REPORT_DIR,
# ST_EXTRA (more options, such as --baseline-prune once failures are fixed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
base="${1:?usage: run.sh BASE_URL [ROLE...]}"
shift
roles=("$@")
[ ${#roles[@]} -gt 0 ] || roles=(guest reader teacher collections membership admin)
report_dir="${ST_REPORT_DIR:-$(mktemp -d -t lectern-schemathesis.XXXXXX)}"

# Staff who manage memberships work through the library's own, privileged, client key.
key_of() {
  case "$1" in
    membership | admin) echo demo-membership-console ;;
    *) echo demo-reader-app ;;
  esac
}

token_of() {
  curl -fsS -X POST "$base/oauth/token" -d grant_type=password -d "client_id=$(key_of "$1")" \
    -d "username=$1@demo.lectern" -d password=demo-pass-1 |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])'
}

status=0
for role in "${roles[@]}"; do
  auth=()
  if [ "$role" != guest ]; then
    token="$(token_of "$role")" || { echo "no token for $role" >&2; exit 1; }
    auth=(-H "Authorization: Bearer $token")
  fi
  # The coverage phase (boundary and negative cases, whatever ST_EXAMPLES says) is two thirds of
  # a role's time; ST_COVERAGE_ROLES, when set, names the roles that run it (.ci/run).
  phases=()
  if [ -n "${ST_COVERAGE_ROLES:-}" ] && [[ " $ST_COVERAGE_ROLES " != *" $role "* ]]; then
    phases=(--phases examples,fuzzing,stateful)
  fi
  echo "==> schemathesis as $role${phases:+ (${phases[*]})}"
  # Run from here so that schemathesis.toml applies.
  if ! (cd "$here" && LECTERN_API_KEY="$(key_of "$role")" SCHEMATHESIS_HOOKS="$here/hooks.py" st run "$base/v2/openapi.json" \
      --checks all --max-examples "${ST_EXAMPLES:-10}" --seed "${ST_SEED:-1}" \
      --generation-deterministic --no-color --workers 1 \
      --baseline "$here/baseline.json" \
      --report junit --report-dir "$report_dir/$role" ${ST_EXTRA:-} "${phases[@]}" "${auth[@]}"); then
    status=1
  fi
done
exit "$status"
