#!/usr/bin/env bash
# Time to the first byte of each format made from an EPUB master, through the server
# (docs/benchmarks.md, "Formats made from the EPUB"): Pride and Prejudice's EPUB 3 (from
# bench/derived.sh's text) imported into a demo, then, as its reader, each format asked for
# until the 302 and its package fetched. Then narration and braille at once: the audio package
# in the worker's audio lane, the braille beside it in the readers' lane.
#
# Usage: bench/derived_ttfb.sh   (after bench/derived.sh's packages are installed)
# Knobs (environment): PROFILE=dev (or release), PORT=18400
set -euo pipefail
cd "$(dirname "$0")/.."
WORK="$(mktemp -d)"
PROFILE="${PROFILE:-dev}"
PORT="${PORT:-18400}"
BASE="http://127.0.0.1:$PORT"
KEY=demo-reader-app
server=""
cleanup() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi; rm -rf "$WORK"; }
trap cleanup EXIT

# The novel's text, as bench/derived.sh reads it from Debian's r-cran-janeaustenr.
sed -n '/^python3 - "\$data"/,/^PY$/p' bench/derived.sh | sed '1d;$d' > "$WORK/read.py"
python3 "$WORK/read.py" /usr/lib/R/site-library/janeaustenr/data "$WORK/pride.txt"
cargo build --quiet --profile "$PROFILE" -p lectern -p lectern-jobs --example derived_timing
target_dir="target/$([ "$PROFILE" = dev ] && echo debug || echo "$PROFILE")"
"$target_dir/examples/derived_timing" "$WORK/pride.txt" --epub "$WORK/pride.epub"

echo "machine:  $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
echo "commit:   $(git rev-parse --short HEAD)"
echo "profile:  $PROFILE"
"$target_dir/lectern" demo --data-dir "$WORK/data" --listen "127.0.0.1:$PORT" > "$WORK/demo.log" 2>&1 &
server=$!
until curl -sf "$BASE/health" >/dev/null 2>&1; do sleep 0.2; done
"$target_dir/lectern" --data-dir "$WORK/data" import-epub --service-id-prefix pp- --usage publicDomain "$WORK/pride.epub"
id="pp-$(printf %s 'urn:uuid:7d4f9a52-0c5e-4f34-b8d5-3a2e1b0c9f11' | sha256sum | cut -c1-16)"
token=$(curl -s -d grant_type=password -d username=reader@demo.lectern -d password=demo-pass-1 \
  -d client_id=$KEY "$BASE/oauth/token" | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')

# Asks for a format until the 302; prints the seconds to the 302 and to the package's last byte.
ttfb() {
  local format=$1 start now code location
  start=$(date +%s.%N)
  while :; do
    code=$(curl -s -o /dev/null -D "$WORK/headers" -w '%{http_code}' -H "Authorization: Bearer $token" \
      "$BASE/v2/titles/$id/$format?api_key=$KEY")
    [ "$code" = 302 ] && break
    [ "$code" = 202 ] || { echo "$format: HTTP $code" >&2; return 1; }
    sleep 0.25
  done
  now=$(date +%s.%N)
  location=$(sed -n 's/^[Ll]ocation: *//p' "$WORK/headers" | tr -d '\r')
  local size
  size=$(curl -s -o "$WORK/package" -w '%{size_download}' "$location")
  printf '| %s | %.2f | %.2f | %s kB |\n' "$format" "$(echo "$now - $start" | bc)" \
    "$(echo "$(date +%s.%N) - $start" | bc)" "$((size / 1024))"
}

echo
echo "| format | seconds to the 302 | seconds to the package's last byte | package |"
echo "|---|---|---|---|"
for format in EPUB3 DOCX BRF DAISY; do ttfb "$format"; done
echo
echo "Read aloud, with braille for another layout asked for once the narration has begun:"
echo
echo "| format | seconds to the 302 | seconds to the package's last byte | package |"
echo "|---|---|---|---|"
ttfb DAISY_AUDIO > "$WORK/audio.row" &
audio=$!
sleep 2
curl -s -X PUT -H "Authorization: Bearer $token" -d brailleFormat=refreshable \
  -d brailleCellLineWidth=32 -d brailleGrade=uncontracted "$BASE/v2/myAccount/preferences?api_key=$KEY" >/dev/null
ttfb BRF
wait "$audio"
cat "$WORK/audio.row"
ttfb DAISY_2_AUDIO
